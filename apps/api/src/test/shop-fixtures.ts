import { asc, eq, inArray } from 'drizzle-orm';

import type { Database } from '../db/client';
import { products } from '../db/schema';

/** A saved address of the spec's fields, for tests that need one in an address book. */
export const TEST_ADDRESS = {
  fullName: 'Sara Ali',
  phoneNumber: '+20 100 000 0000',
  country: 'Egypt',
  city: 'Cairo',
  area: 'Zamalek',
  street: '26 July Street',
  building: '12',
  floor: '3',
  apartment: '7',
  zipCode: '11211',
  extraDetails: '',
};

/**
 * Hands out products of the demo catalog, each once per test file, with the stock and price a
 * test asks for (and no list price): tests of one file never share a product's stock.
 */
export function productSupply(db: () => Database) {
  let taken = 0;
  return {
    async take(n: number, { stock = 20, priceCents = 1000 }: { stock?: number; priceCents?: number } = {}): Promise<string[]> {
      const rows = await db().select({ id: products.id }).from(products).orderBy(asc(products.position), asc(products.id)).limit(n).offset(taken);
      taken += n;
      const ids = rows.map((row) => row.id);
      if (ids.length < n) throw new Error(`the catalog has no ${n} more products`);
      await db().update(products).set({ quantity: stock, priceCents, listPriceCents: null }).where(inArray(products.id, ids));
      return ids;
    },
    async stockOf(id: string): Promise<number> {
      const [row] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, id));
      return row?.quantity ?? -1;
    },
  };
}

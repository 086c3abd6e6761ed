// Shoppers and products for the benches that place orders (bench/orders.ts, bench/fleet.ts):
// signed up through the API, each with one saved address.
import { randomBytes } from 'node:crypto';

import { ProductPageResponseSchema } from '@dukkan/contracts/catalog';
import { SignInResponseSchema, UserResponseSchema } from '@dukkan/contracts/users';

export interface BenchShopper {
  id: string;
  token: string;
  addressId: string;
}

export const BENCH_ADDRESS = {
  fullName: 'Bench Shopper',
  phoneNumber: '0100 000 0000',
  country: 'Egypt',
  city: 'Cairo',
  street: 'Bench Street',
  floor: '1',
  apartment: '1',
  zipCode: '11511',
};

function send(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Signs up `count` shoppers (emails `bench-{tag}-…`), each with one saved address, five at a time (two password hashes each). */
export async function makeShoppers(baseUrl: string, count: number, tag: string): Promise<BenchShopper[]> {
  const shoppers: BenchShopper[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, async (_, i) => {
      const credentials = { email: `bench-${tag}-${start + i}-${randomBytes(3).toString('hex')}@example.com`, password: 'a-bench-passphrase-42' };
      const signUp = await send(`${baseUrl}/api/users/signup`, 'POST', { name: 'Bench Shopper', ...credentials });
      if (signUp.status !== 201) throw new Error(`signup answered ${signUp.status}`);
      await signUp.arrayBuffer();
      const { token, data } = SignInResponseSchema.parse(await (await send(`${baseUrl}/api/users/signin`, 'POST', credentials)).json());
      const book = await send(`${baseUrl}/api/users/address/${data._id}`, 'PUT', [BENCH_ADDRESS], { token });
      const addressId = UserResponseSchema.parse(await book.json()).data.addressBook[0]?._id;
      if (!addressId) throw new Error('the address was not saved');
      return { id: data._id, token, addressId };
    });
    shoppers.push(...(await Promise.all(batch)));
  }
  return shoppers;
}

/** Ids of the demo catalog's products with 50 or more in stock, so that no order is refused for want of units. */
export async function productsInStock(baseUrl: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 4; page += 1) {
    const { data } = ProductPageResponseSchema.parse(await (await fetch(`${baseUrl}/api/product?page=${page}&pageSize=100`)).json());
    ids.push(...data.filter((product) => product.quantity >= 50).map((product) => product._id));
  }
  return ids;
}

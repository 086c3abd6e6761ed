import type { Language } from '@dukkan/contracts/common';
import { centsToDollars } from '@dukkan/contracts/money';
import type { AutomaticPromotion } from '@dukkan/contracts/promotions';
import { asc, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client';
import { promotions } from '../../db/schema';

import { automaticNow, PROMOTION_TARGETS } from './candidates';


/**
 * The automatic promotions running now, for the storefront to name on the products they apply to
 * (issue #35): name in `lng`, terms, and targets as department keys and product ids; the one that
 * started first first, as the cart breaks ties.
 */
export async function automaticPromotions(db: Executor, lng: Language): Promise<AutomaticPromotion[]> {
  const rows = await db
    .select({
      name: lng === 'ar' ? promotions.nameAr : promotions.nameEn,
      kind: promotions.kind,
      value: promotions.value,
      minSubtotalCents: promotions.minSubtotalCents,
      ...PROMOTION_TARGETS,
    })
    .from(promotions)
    .where(automaticNow)
    .orderBy(sql`${promotions.startsAt} asc nulls first`, asc(promotions.id));
  return rows.map((row) => {
    const kind = row.kind === 'amount' ? 'amount' : 'percent';
    return {
      name: row.name,
      kind,
      value: kind === 'percent' ? row.value : centsToDollars(row.value),
      departments: row.departments,
      products: row.products,
      minSubtotal: centsToDollars(row.minSubtotalCents),
    };
  });
}

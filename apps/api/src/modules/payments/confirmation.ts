import type { Language } from '@dukkan/contracts/common';
import { absoluteUrl, storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { eq } from 'drizzle-orm';

import type { Executor } from '../../db/client';
import { orders, users } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { orderConfirmationMessage } from '../../mail/messages';
import { readOrder } from '../orders/service';

/**
 * The confirmation of a paid order, in the language it was placed in: its lines, the amount as
 * the shop shows it, the shipping address and a link to its page. `null` when the order or its
 * shopper is gone.
 */
export async function orderConfirmation(db: Executor, orderId: string, publicUrl: string): Promise<MailMessage | null> {
  const [row] = await db
    .select({ email: users.email, name: users.name, lng: orders.lng })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lng: Language = row.lng === 'ar' ? 'ar' : 'en';
  const order = await readOrder(db, orderId, lng);
  const link = absoluteUrl(publicUrl, storefrontPaths.order(orderId));
  return orderConfirmationMessage({ to: row.email, name: row.name, order, link, lng });
}

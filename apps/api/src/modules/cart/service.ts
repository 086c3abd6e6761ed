import { randomUUID } from 'node:crypto';

import { MAX_LINE_QUANTITY, type CappedLine, type Cart, type CartLine, type CartMerge } from '@dukkan/contracts/cart';
import type { Language } from '@dukkan/contracts/common';
import { centsToDollars, optionalCentsToDollars } from '@dukkan/contracts/money';
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';

import type { Database, Executor, Transaction } from '../../db/client';
import { cartItems, carts, categories, products } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { shopperThumbnail } from '../catalog/product-row';
import type { PricedLine } from '../promotions/amounts';
import { refusal, refusalError, weigh } from '../promotions/apply';
import { candidateByCode, cartCandidates, nameIn } from '../promotions/candidates';
import { promotionOfCart } from '../promotions/cart-promotion';

import { invalidGuestCart, type CartOwner, type GuestCartIdentity } from './cart-owner';

/** What every cart answer needs besides the database: the language of product texts and the signer of guest carts. */
export interface CartContext {
  lng: Language;
  tokens: Pick<TokenService, 'signGuestCart'>;
}

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
export const LINE_NOT_FOUND_MESSAGE = 'This product is not in your cart';
export const OUT_OF_STOCK_MESSAGE = 'This product is out of stock';
export const LINE_LIMIT_MESSAGE = `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart`;
export const notEnoughStockMessage = (stock: number) => `Only ${stock} left in stock`;

const EMPTY_CART: Cart = { items: [], count: 0, subtotal: 0, savings: 0, promotion: null, discount: 0, promoNotice: null };

/** Whether the owner's cart row matches: the shopper's, or the guest's by both ids. */
function ownedBy(owner: Exclude<CartOwner, { kind: 'nobody' }>): SQL | undefined {
  return owner.kind === 'shopper'
    ? eq(carts.userId, owner.userId)
    : and(eq(carts.id, owner.cartId), eq(carts.guestId, owner.guestId));
}

/** The most of a product a line may hold: its stock, and never more than 99. */
const lineLimit = (stock: SQL | number) => sql`least(${stock}, ${MAX_LINE_QUANTITY})`;

/**
 * Why a line cannot hold `wanted` units of a product with `stock` in store: out of stock, not
 * enough in stock, or over the 99 a line may hold.
 */
function quantityRefusal(stock: number, wanted: number) {
  if (stock <= 0) return badRequest(OUT_OF_STOCK_MESSAGE, 'OUT_OF_STOCK');
  if (wanted > stock && stock < MAX_LINE_QUANTITY) return badRequest(notEnoughStockMessage(stock), 'NOT_ENOUGH_STOCK');
  if (wanted > MAX_LINE_QUANTITY) return badRequest(LINE_LIMIT_MESSAGE, 'LINE_QUANTITY_LIMIT');
  // The stock fell between the refused write and this read of it: say what is left now.
  return badRequest(notEnoughStockMessage(stock), 'NOT_ENOUGH_STOCK');
}

/**
 * The select of a cart with its lines, for one language and one kind of owner, built once per
 * database and prepared by the server once per connection: it runs on every cart request.
 */
function prepareCartSelect(db: Database, lng: Language, kind: 'shopper' | 'guest') {
  const ar = lng === 'ar';
  // One query: the cart row (which must exist for a guest) left-joined to its lines.
  return db
    .select({
      cartId: carts.id,
      userId: carts.userId,
      guestId: carts.guestId,
      promotionId: carts.promotionId,
      productId: products.id,
      departmentId: products.categoryId,
      title: ar ? products.titleAr : products.titleEn,
      description: ar ? products.descriptionAr : products.descriptionEn,
      thumbnail: products.thumbnail,
      priceCents: products.priceCents,
      listPriceCents: products.listPriceCents,
      stock: products.quantity,
      category: categories.slug,
      categoryImage: categories.image,
      quantity: cartItems.quantity,
      priceWhenAddedCents: cartItems.priceWhenAddedCents,
    })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    // A line of a product no longer published (draft or archived) is left out of the cart and its
    // totals, but kept: it is back if the product is published again (decision 0034).
    .leftJoin(products, and(eq(products.id, cartItems.productId), eq(products.status, 'published')))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      kind === 'shopper'
        ? eq(carts.userId, sql.placeholder('userId'))
        : and(eq(carts.id, sql.placeholder('cartId')), eq(carts.guestId, sql.placeholder('guestId'))),
    )
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
    .prepare(`cart_of_${kind}_${lng}`);
}

/**
 * Statements built once per database (and prepared by the server once per connection), by name:
 * the cart's reads and its add run on nearly every request of a shopping session.
 */
const preparedStatements = new WeakMap<Database, Map<string, unknown>>();

function preparedOnce<T>(db: Database, name: string, prepare: () => T): T {
  let statements = preparedStatements.get(db);
  if (!statements) preparedStatements.set(db, (statements = new Map<string, unknown>()));
  if (!statements.has(name)) statements.set(name, prepare());
  return statements.get(name) as T; // set under this name by this function, from `prepare`
}

const cartSelect = (db: Database, lng: Language, kind: 'shopper' | 'guest') =>
  preparedOnce(db, `cart_of_${kind}_${lng}`, () => prepareCartSelect(db, lng, kind));

/** A cart as read: its row, its lines as answered and as a promotion sees them, and its totals in cents. */
interface ReadCart {
  identity: Pick<Cart, '_id' | 'userId' | 'signature'>;
  promotionId: string | null;
  items: CartLine[];
  priced: PricedLine[];
  count: number;
  subtotalCents: number;
  savingsCents: number;
}

/**
 * The owner's cart with its lines, in the order they were first added, priced from the
 * catalog's current prices in integer cents; null for a shopper without a cart (or nobody); a
 * guest whose cart no longer exists gets a 401 `INVALID_GUEST_CART`.
 */
async function readCart(db: Database, owner: CartOwner, { lng, tokens }: CartContext): Promise<ReadCart | null> {
  if (owner.kind === 'nobody') return null;
  const rows = await cartSelect(db, lng, owner.kind).execute(
    owner.kind === 'shopper' ? { userId: owner.userId } : { cartId: owner.cartId, guestId: owner.guestId },
  );

  const [first] = rows;
  if (!first) {
    if (owner.kind === 'guest') throw invalidGuestCart();
    return null;
  }

  const items: CartLine[] = [];
  const priced: PricedLine[] = [];
  let count = 0;
  let subtotalCents = 0;
  let savingsCents = 0;
  for (const row of rows) {
    if (row.productId === null || row.quantity === null || row.priceCents === null || row.priceWhenAddedCents === null) continue;
    const { quantity, priceCents, listPriceCents } = row;
    count += quantity;
    subtotalCents += priceCents * quantity;
    if (listPriceCents !== null && listPriceCents > priceCents) savingsCents += (listPriceCents - priceCents) * quantity;
    priced.push({ productId: row.productId, departmentId: row.departmentId ?? '', totalCents: priceCents * quantity });
    items.push({
      product: {
        _id: row.productId,
        title: row.title ?? '',
        thumbnail: shopperThumbnail(row.thumbnail ?? '', row.categoryImage),
        description: row.description ?? '',
        price: centsToDollars(priceCents),
        listPrice: optionalCentsToDollars(listPriceCents),
        quantity: row.stock ?? 0,
        category: row.category ?? '',
      },
      quantity,
      priceWhenAdded: centsToDollars(row.priceWhenAddedCents),
      discount: 0,
    });
  }

  const identity =
    first.guestId !== null
      ? { _id: first.cartId, userId: first.guestId, signature: tokens.signGuestCart(first.guestId, first.cartId) }
      : { _id: first.cartId, userId: first.userId ?? undefined };
  return { identity, promotionId: first.promotionId, items, priced, count, subtotalCents, savingsCents };
}

/**
 * The owner's cart with its lines, in the order they were first added; every amount computed from
 * the catalog's current prices in integer cents and answered in dollars. A guest cart carries its
 * signed identity (`_id`, `userId`, `signature`). A shopper without a cart, or nobody, gets the
 * empty cart; a guest whose cart no longer exists gets a 401 `INVALID_GUEST_CART`.
 *
 * The promotion that applies is worked out on every read (issue #35): the entered code when it
 * applies, else the automatic one that saves the most; each line gets its share. An entered code
 * that stopped applying is dropped here, and this answer says so (`promoNotice.removed`).
 */
export async function getCart(db: Database, owner: CartOwner, context: CartContext): Promise<Cart> {
  const cart = await readCart(db, owner, context);
  return cart ? answerCart(db, owner, cart, context) : EMPTY_CART;
}

/** The answer for a cart as read: its totals, and the promotion that applies to it now (see `getCart`). */
async function answerCart(db: Database, owner: CartOwner, cart: ReadCart, context: CartContext): Promise<Cart> {
  const { identity, items, count, subtotalCents, savingsCents } = cart;
  const answer: Cart = {
    ...identity,
    items,
    count,
    subtotal: centsToDollars(subtotalCents),
    savings: centsToDollars(savingsCents),
    promotion: null,
    discount: 0,
    promoNotice: null,
  };
  if (items.length === 0 && cart.promotionId === null) return answer;

  const { entered, automatic } = await cartCandidates(db, cart.promotionId, owner.kind === 'shopper' ? owner.userId : undefined);
  const { applied, notice } = promotionOfCart(entered, automatic, cart.priced, new Date());
  if (cart.promotionId !== null && (!entered || notice?.removed)) {
    // Only if it still holds this code: a code entered meanwhile stays.
    await db
      .update(carts)
      .set({ promotionId: null })
      .where(and(eq(carts.id, cart.identity._id ?? ''), eq(carts.promotionId, cart.promotionId)));
  }
  if (applied) {
    const { candidate, discount } = applied;
    answer.promotion = { code: candidate.code, name: nameIn(candidate, context.lng), amount: centsToDollars(discount.amountCents) };
    answer.discount = centsToDollars(discount.amountCents);
    items.forEach((line, k) => {
      line.discount = centsToDollars(discount.shares[k] ?? 0);
    });
  }
  if (notice) {
    const { refusal } = notice;
    answer.promoNotice = {
      code: notice.candidate.code ?? '',
      reason: refusal.code,
      message: refusal.message,
      removed: notice.removed,
      ...(refusal.shortCents === undefined ? {} : { missing: centsToDollars(refusal.shortCents) }),
    };
  }
  return answer;
}

/**
 * Enters a promo code in the owner's cart (issue #35): the promotion with that code (ignoring
 * case) must apply to the cart as it is now, else the refusal says why (404 `PROMO_UNKNOWN`, or a
 * 409 with its `PROMO_*` code) and the cart is unchanged. A guest's own limit is checked when
 * they place the order. Replaces any code entered before. Answers the cart.
 */
export async function applyPromoCode(db: Database, owner: CartOwner, code: string, context: CartContext): Promise<Cart> {
  const cart = await readCart(db, owner, context);
  const candidate = await candidateByCode(db, code, owner.kind === 'shopper' ? owner.userId : undefined);
  if (!candidate) throw refusalError(refusal('PROMO_UNKNOWN'));
  const weighed = weigh(candidate, cart?.priced ?? [], new Date(), candidate.shopperUses);
  if (weighed.refusal) throw refusalError(weighed.refusal);
  // A cart with an eligible line exists (else NOT_APPLICABLE above): its owner is a shopper or a guest.
  if (owner.kind === 'nobody' || !cart?.identity._id) throw refusalError(refusal('PROMO_NOT_APPLICABLE'));
  await db.update(carts).set({ promotionId: candidate.id, updatedAt: sql`now()` }).where(ownedBy(owner));
  // The lines just read, with the code now stored: no second read of the cart.
  return answerCart(db, owner, { ...cart, promotionId: candidate.id }, context);
}

/** Takes the entered promo code out of the owner's cart; answers the cart (also when it held none). */
export async function removePromoCode(db: Database, owner: CartOwner, context: CartContext): Promise<Cart> {
  if (owner.kind === 'nobody') return EMPTY_CART;
  await db.update(carts).set({ promotionId: null }).where(and(ownedBy(owner), isNotNull(carts.promotionId)));
  return getCart(db, owner, context);
}

/**
 * Locks the owner's cart row for this transaction and moves its `updated_at`: every write but an
 * add goes through here first, so the writes of one cart run one after another. A guest whose
 * cart is gone gets a 401; a shopper without a cart, or nobody, gets `null`.
 */
async function lockCartForWrite(tx: Transaction, owner: CartOwner): Promise<{ id: string } | null> {
  if (owner.kind === 'nobody') return null;
  const [row] = await tx.update(carts).set({ updatedAt: sql`now()` }).where(ownedBy(owner)).returning({ id: carts.id });
  if (!row && owner.kind === 'guest') throw invalidGuestCart();
  return row ?? null;
}

/**
 * The published product's stock and the cart's line of it (0 when none, or without a cart), to
 * explain a refused write; null for a product shoppers cannot see.
 */
async function stockAndLine(db: Executor, cartId: string | null, productId: string) {
  const [row] = await db
    .select({ stock: products.quantity, line: cartItems.quantity })
    .from(products)
    .leftJoin(cartItems, and(eq(cartItems.cartId, cartId ?? sql`null`), eq(cartItems.productId, products.id)))
    .where(and(eq(products.id, productId), eq(products.status, 'published')));
  return row ? { stock: row.stock, line: row.line ?? 0 } : null;
}

/**
 * The cart an add writes to, as a data-modifying CTE: the shopper's (made on first use), the
 * guest's, or for nobody a new guest cart. It locks the cart's row until the statement commits,
 * and touches the cart only when the add fits: the product exists, and the line's total stays
 * within its stock and 99 (`fits` of the cart's id, `null` for a new cart).
 */
function cartOfAdd(kind: CartOwner['kind'], fits: (cartId: SQL) => SQL): SQL {
  switch (kind) {
    case 'shopper':
      return sql`insert into carts (user_id) select ${sql.placeholder('userId')}::uuid where ${fits(sql`null`)}
        on conflict (user_id) do update set updated_at = now() where ${fits(sql`carts.id`)} returning id`;
    case 'guest':
      return sql`update carts set updated_at = now()
        where carts.id = ${sql.placeholder('cartId')}::uuid and carts.guest_id = ${sql.placeholder('guestId')}::uuid
          and ${fits(sql`carts.id`)} returning carts.id`;
    case 'nobody':
      return sql`insert into carts (guest_id) select ${sql.placeholder('guestId')}::uuid where ${fits(sql`null`)} returning id`;
  }
}

/**
 * The add of one kind of owner as one statement with placeholders (`productId`, `quantity`, and
 * the owner's ids); it answers the line as it now is, or no row when the add was refused.
 */
function prepareAdd(db: Database, kind: CartOwner['kind']) {
  const productId = sql`${sql.placeholder('productId')}::uuid`;
  const quantity = sql`${sql.placeholder('quantity')}::integer`;
  const limit = lineLimit(sql`p.quantity`);
  const fits = (cartId: SQL) => sql`exists (select 1 from products p where p.id = ${productId} and p.status = 'published' and ${quantity}
    + coalesce((select ci.quantity from cart_items ci where ci.cart_id = ${cartId} and ci.product_id = p.id), 0) <= ${limit})`;
  const statement = sql`
    with cart as (${cartOfAdd(kind, fits)})
    insert into cart_items (cart_id, product_id, quantity, price_when_added_cents, added_at)
    select cart.id, p.id, ${quantity}, p.price_cents, now()
    from cart, products p
    where p.id = ${productId} and p.status = 'published' and ${quantity} <= ${limit}
    on conflict (cart_id, product_id) do update
      set quantity = cart_items.quantity + excluded.quantity, price_when_added_cents = excluded.price_when_added_cents
      -- Checked again against the line as it is now, under the cart's lock: the total, not just this add.
      where cart_items.quantity + excluded.quantity <= (select ${limit} from products p where p.id = excluded.product_id)
    returning cart_id, quantity`;
  // Drizzle's builders cannot write this statement, and `db.execute` cannot prepare: the session
  // prepares it as the builders' `.prepare(name)` do. Without selected fields, it answers the
  // driver's result, whose `rows` both drivers have.
  return db._.session.prepareQuery(new PgDialect().sqlToQuery(statement), undefined, `cart_add_for_${kind}`, false);
}

/** What the add statement answers: the line as it now is. */
const AddedLineSchema = z.object({ rows: z.array(z.object({ cart_id: z.string(), quantity: z.number() })) });

/**
 * Adds `quantity` of a product to the owner's cart in one statement (so one transaction): the
 * cart is locked (made on first use; nobody gets a new guest cart), then one guarded upsert adds
 * the line or raises its quantity, only while the line's total stays within the stock and 99;
 * it answers only once its commit is durable, like every write (decision 0028). The line's
 * `priceWhenAdded` becomes the current price on every add. Unknown product: 404; too many: 400
 * with the reason; a guest whose cart is gone: 401. On any failure nothing changes (not even a
 * new guest cart is kept). Answers the cart, with its signed identity when it is a guest's.
 * One round trip to a prepared statement: adding is the busiest write of a shop (decision 0013).
 */
export async function addToCart(db: Database, owner: CartOwner, productId: string, quantity: number, context: CartContext): Promise<Cart> {
  const add = preparedOnce(db, `cart_add_for_${owner.kind}`, () => prepareAdd(db, owner.kind));
  const newGuestId = randomUUID();
  const ids =
    owner.kind === 'shopper'
      ? { userId: owner.userId }
      : owner.kind === 'guest'
        ? { cartId: owner.cartId, guestId: owner.guestId }
        : { guestId: newGuestId };
  const [added] = AddedLineSchema.parse(await add.execute({ productId, quantity, ...ids })).rows;
  if (!added) throw await refusedAdd(db, owner, productId, quantity);
  return getCart(db, owner.kind === 'nobody' ? { kind: 'guest', guestId: newGuestId, cartId: added.cart_id } : owner, context);
}

/** Why an add changed nothing: the guest's cart is gone (401), no such product (404), or too many (400). */
async function refusedAdd(db: Database, owner: CartOwner, productId: string, quantity: number) {
  let cartId: string | null = null;
  if (owner.kind !== 'nobody') {
    const [cart] = await db.select({ id: carts.id }).from(carts).where(ownedBy(owner));
    if (!cart && owner.kind === 'guest') return invalidGuestCart();
    cartId = cart?.id ?? null;
  }
  const found = await stockAndLine(db, cartId, productId);
  if (!found) return notFound(PRODUCT_NOT_FOUND_MESSAGE, 'PRODUCT_NOT_FOUND');
  return quantityRefusal(found.stock, found.line + quantity);
}

/**
 * Sets the quantity of a line of the owner's cart, in one transaction (cart locked, one guarded
 * update): 404 when the line is not in the cart, 400 when the quantity is over the stock or 99.
 * `priceWhenAdded` stays. On failure nothing changes.
 */
export async function setCartQuantity(db: Database, owner: CartOwner, productId: string, quantity: number, context: CartContext): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cart = await lockCartForWrite(tx, owner);
    if (!cart) throw notFound(LINE_NOT_FOUND_MESSAGE, 'CART_LINE_NOT_FOUND');
    const updated = await tx
      .update(cartItems)
      .set({ quantity })
      .where(
        and(
          eq(cartItems.cartId, cart.id),
          eq(cartItems.productId, productId),
          sql`${quantity} <= (select ${lineLimit(sql`p.quantity`)} from ${products} p where p.id = ${cartItems.productId} and p.status = 'published')`,
        ),
      )
      .returning({ quantity: cartItems.quantity });
    if (updated.length === 0) {
      const found = await stockAndLine(tx, cart.id, productId);
      if (!found || found.line === 0) throw notFound(LINE_NOT_FOUND_MESSAGE, 'CART_LINE_NOT_FOUND');
      throw quantityRefusal(found.stock, quantity);
    }
  });
  return getCart(db, owner, context);
}

/**
 * Removes a product's line from the owner's cart, in one transaction; `updated_at` moves only when
 * a line was removed. Removing a line that is not there answers the cart unchanged.
 */
export async function removeFromCart(db: Database, owner: CartOwner, productId: string, context: CartContext): Promise<Cart> {
  if (owner.kind === 'nobody') return EMPTY_CART;
  await db.transaction(async (tx) => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(ownedBy(owner)).for('update');
    if (!cart) {
      if (owner.kind === 'guest') throw invalidGuestCart();
      return;
    }
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, productId)))
      .returning({ productId: cartItems.productId });
    if (removed.length > 0) await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
  });
  return getCart(db, owner, context);
}

/**
 * Moves a guest cart into the shopper's at sign-in, in one transaction: both carts are locked;
 * the guest's promo code, if any, replaces the shopper's (it was entered last);
 * each guest line's quantity is added to the shopper's line of the product, capped at the stock
 * and 99 (a shopper's line is never lowered); a guest line of which nothing can be added and that
 * the shopper has no line of is dropped; the guest cart is deleted. Each line that received units
 * takes the guest line's `priceWhenAdded` (the price the shopper saw last). Answers what happened
 * (lines that received units; lines that could not be merged whole, titled in `lng`), or `null`
 * when the guest cart no longer exists — then nothing changes. On failure nothing changes.
 */
export async function mergeGuestCart(db: Database, userId: string, guest: GuestCartIdentity, lng: Language): Promise<CartMerge | null> {
  return db.transaction(async (tx) => {
    const [guestCart] = await tx
      .select({ id: carts.id, promotionId: carts.promotionId })
      .from(carts)
      .where(and(eq(carts.id, guest.cartId), eq(carts.guestId, guest.guestId)))
      .for('update');
    if (!guestCart) return null;

    const guestLines = await tx
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        priceWhenAddedCents: cartItems.priceWhenAddedCents,
        addedAt: cartItems.addedAt,
        stock: products.quantity,
        title: lng === 'ar' ? products.titleAr : products.titleEn,
      })
      .from(cartItems)
      // Lines of products no longer published are not merged (they go with the guest cart).
      .innerJoin(products, and(eq(products.id, cartItems.productId), eq(products.status, 'published')))
      .where(eq(cartItems.cartId, guestCart.id))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));

    let merged = 0;
    const capped: CappedLine[] = [];
    if (guestLines.length > 0) {
      // The guest's promo code comes along: the last code the shopper entered (issue #35).
      const [own] = await tx
        .insert(carts)
        .values({ userId, promotionId: guestCart.promotionId })
        .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()`, promotionId: sql`coalesce(excluded.promotion_id, ${carts.promotionId})` } })
        .returning({ id: carts.id });
      if (!own) throw new Error('upserting a cart returned no row');
      const existing = new Map(
        (
          await tx
            .select({ productId: cartItems.productId, quantity: cartItems.quantity })
            .from(cartItems)
            .where(and(eq(cartItems.cartId, own.id), inArray(cartItems.productId, guestLines.map((line) => line.productId))))
        ).map((line) => [line.productId, line.quantity]),
      );

      const writes: (typeof cartItems.$inferInsert)[] = [];
      for (const line of guestLines) {
        const before = existing.get(line.productId) ?? 0;
        const requested = before + line.quantity;
        const limit = Math.min(line.stock, MAX_LINE_QUANTITY);
        const after = Math.max(before, Math.min(requested, limit));
        if (after > before) {
          merged += 1;
          writes.push({ cartId: own.id, productId: line.productId, quantity: after, priceWhenAddedCents: line.priceWhenAddedCents, addedAt: line.addedAt });
        }
        if (after < requested) capped.push({ productId: line.productId, title: line.title, requested, quantity: after });
      }
      if (writes.length > 0) {
        await tx
          .insert(cartItems)
          .values(writes)
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.productId],
            // The shopper's line keeps its place in the cart (added_at).
            set: { quantity: sql`excluded.quantity`, priceWhenAddedCents: sql`excluded.price_when_added_cents` },
          });
      }
    }
    await tx.delete(carts).where(eq(carts.id, guestCart.id));
    return { merged, capped };
  });
}

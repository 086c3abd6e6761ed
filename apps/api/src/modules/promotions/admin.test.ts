import { randomBytes, randomUUID } from 'node:crypto';

import { PromotionListResponseSchema, PromotionOrdersResponseSchema, PromotionResponseSchema, type CreatePromotionBody, type Promotion } from '@dukkan/contracts/admin-promotions';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { auditLog, products, promotions, promotionUses } from '../../db/schema';
import { orderFixtures } from '../../test/order-fixtures';
import { createRoleStaff, type TestStaff } from '../../test/staff-fixtures';
import { useTestApp, type JsonAnswer } from '../../test/test-app';

const t = useTestApp();
const { placedOrder } = orderFixtures(t);

let owner: TestStaff;
let catalog: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  ({ owner, catalog, support } = await createRoleStaff(t.database.db));
});

/** A code no other test's promotion has. */
const uniqueCode = (prefix = 'SALE') => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

const newPromotion = (overrides: Partial<CreatePromotionBody> = {}): CreatePromotionBody => ({
  name: { en: 'Spring sale', ar: 'تخفيضات الربيع' },
  code: uniqueCode(),
  kind: 'percent',
  value: 10,
  active: true,
  ...overrides,
});

const as = (who: TestStaff, body?: unknown) => ({ headers: who.headers, ...(body === undefined ? {} : { body }) });

async function create(body: CreatePromotionBody, who: TestStaff = catalog): Promise<Promotion> {
  const res = await t.request('POST', '/api/admin/promotions', as(who, body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return PromotionResponseSchema.parse(res.body).data;
}

const promotionCount = async () => (await t.database.db.select({ n: count() }).from(promotions))[0]?.n ?? 0;

function refused(res: JsonAnswer, status: number, code: string, message: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = ErrorResponseSchema.parse(res.body);
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

const auditOf = (id: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'promotion'), eq(auditLog.entityId, id))).orderBy(asc(auditLog.id));

const DAY = 86_400_000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

describe('the back office\'s promotions', () => {
  it('lets owner and catalog staff in, refuses support (403) and no session (401)', async () => {
    expect((await t.request('GET', '/api/admin/promotions', as(owner))).status).toBe(200);
    expect((await t.request('GET', '/api/admin/promotions', as(catalog))).status).toBe(200);
    refused(await t.request('GET', '/api/admin/promotions', as(support)), 403, 'ROLE_FORBIDDEN', /./);
    refused(await t.request('POST', '/api/admin/promotions', as(support, newPromotion())), 403, 'ROLE_FORBIDDEN', /./);
    expect((await t.request('GET', '/api/admin/promotions')).status).toBe(401);
  });

  it('creates a promotion with the fields as stored, its uses and status, and records it', async () => {
    const product = (await t.database.db.select({ id: products.id }).from(products).limit(1))[0]!.id;
    const startsAt = at(-DAY);
    const endsAt = at(30 * DAY);
    const body = newPromotion({ kind: 'amount', value: 5.25, departments: ['grocery'], products: [product], minSubtotal: 20, startsAt, endsAt, usageLimit: 50, perCustomerLimit: 1 });
    const promotion = await create(body);
    expect(promotion).toMatchObject({
      name: body.name,
      code: body.code,
      kind: 'amount',
      value: 5.25,
      departments: ['Grocery'],
      products: [product],
      minSubtotal: 20,
      startsAt,
      endsAt,
      usageLimit: 50,
      perCustomerLimit: 1,
      active: true,
      uses: 0,
      status: 'active',
    });
    const read = await t.request('GET', `/api/admin/promotions/${promotion._id}`, as(owner));
    expect(PromotionResponseSchema.parse(read.body).data).toEqual(promotion);
    const [record] = await auditOf(promotion._id);
    expect(record).toMatchObject({ action: 'promotion.create', actorEmail: catalog.email });
    expect(record?.after).toMatchObject({ code: body.code, value: 5.25, departments: ['Grocery'] });
  });

  it('accepts any dates, and says so by the status: scheduled, expired, inactive', async () => {
    expect((await create(newPromotion({ startsAt: at(400 * DAY) }))).status).toBe('scheduled');
    expect((await create(newPromotion({ startsAt: at(-10 * DAY), endsAt: at(-DAY) }))).status).toBe('expired');
    expect((await create(newPromotion({ active: false }))).status).toBe('inactive');
    expect((await create(newPromotion({ code: null }))).code).toBeNull();
  });

  it('refuses a bad field with a 400 naming it, and writes nothing', async () => {
    const before = await promotionCount();
    const cases: [Partial<CreatePromotionBody> | Record<string, unknown>, string][] = [
      [{ value: 150 }, 'value: must be from 1 to 100'],
      [{ value: 12.5 }, 'value: must be from 1 to 100'],
      [{ kind: 'amount', value: 1.234 }, 'value: must have at most 2 decimals'],
      [{ kind: 'amount', value: 0 }, 'value: must be above 0'],
      [{ code: 'ab' }, 'code: must be 3 to 32 letters, digits or dashes'],
      [{ code: 'no spaces' }, 'code: must be 3 to 32 letters, digits or dashes'],
      [{ startsAt: at(DAY), endsAt: at(-DAY) }, 'endsAt: must be after startsAt'],
      [{ usageLimit: 0 }, 'usageLimit: must be a whole number from 1'],
      [{ minSubtotal: -1 }, 'minSubtotal: must not be negative'],
      [{ kind: 'half' }, "kind: must be 'percent' or 'amount'"],
      [{ name: { en: ' ', ar: 'x' } }, 'name.en: is required'],
    ];
    for (const [change, message] of cases) {
      refused(await t.request('POST', '/api/admin/promotions', as(catalog, { ...newPromotion(), ...change })), 400, 'VALIDATION_ERROR', message);
    }
    refused(await t.request('POST', '/api/admin/promotions', as(catalog, newPromotion({ departments: ['Nowhere'] }))), 400, 'UNKNOWN_CATEGORY', 'departments: no department is called "Nowhere"');
    const ghost = randomUUID();
    refused(await t.request('POST', '/api/admin/promotions', as(catalog, newPromotion({ products: [ghost] }))), 400, 'PRODUCT_NOT_FOUND', `products: no product has the id ${ghost}`);
    expect(await promotionCount()).toBe(before);
  });

  it('keeps codes unique ignoring case', async () => {
    const code = uniqueCode('WELCOME');
    await create(newPromotion({ code }));
    refused(await t.request('POST', '/api/admin/promotions', as(catalog, newPromotion({ code: code.toLowerCase() }))), 409, 'PROMO_CODE_TAKEN', 'code: another promotion has this code');
  });

  it('lists newest first, by status and by part of the code or of either name, ignoring case', async () => {
    const word = randomBytes(4).toString('hex');
    const scheduled = await create(newPromotion({ name: { en: `Winter ${word}`, ar: 'شتاء' }, startsAt: at(100 * DAY) }));
    const running = await create(newPromotion({ name: { en: 'Autumn', ar: `خريف ${word}` } }));
    const coded = await create(newPromotion({ code: `X-${word.toUpperCase()}` }));
    const list = async (query: string) => {
      const res = await t.request('GET', `/api/admin/promotions?${query}`, as(owner));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return PromotionListResponseSchema.parse(res.body);
    };
    const found = await list(`q=${word.toUpperCase()}`);
    expect(found.data.map((p) => p._id)).toEqual([coded._id, running._id, scheduled._id]);
    expect(found.total).toBe(3);
    expect((await list(`q=${word}&status=scheduled`)).data.map((p) => p._id)).toEqual([scheduled._id]);
    expect((await list(`q=${word}&status=active`)).data.map((p) => p._id)).toEqual([coded._id, running._id]);
    refused(await t.request('GET', '/api/admin/promotions?status=soon', as(owner)), 400, 'VALIDATION_ERROR', /^status: must be one of/);
  });

  it('changes any subset, checked with the stored fields, and records what changed', async () => {
    const promotion = await create(newPromotion({ value: 15, startsAt: at(-DAY) }));
    const patched = await t.request('PATCH', `/api/admin/promotions/${promotion._id}`, as(owner, { value: 20, name: { en: 'Bigger sale', ar: 'تخفيضات أكبر' } }));
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(PromotionResponseSchema.parse(patched.body).data).toMatchObject({ value: 20, name: { en: 'Bigger sale', ar: 'تخفيضات أكبر' }, code: promotion.code, kind: 'percent' });
    refused(await t.request('PATCH', `/api/admin/promotions/${promotion._id}`, as(owner, { value: 101 })), 400, 'VALIDATION_ERROR', 'value: must be from 1 to 100');
    refused(await t.request('PATCH', `/api/admin/promotions/${promotion._id}`, as(owner, { endsAt: at(-2 * DAY) })), 400, 'VALIDATION_ERROR', 'endsAt: must be after startsAt');
    refused(await t.request('PATCH', `/api/admin/promotions/${promotion._id}`, as(owner, { kind: 'amount' })), 400, 'VALIDATION_ERROR', 'value: is required when kind changes');
    const toAmount = await t.request('PATCH', `/api/admin/promotions/${promotion._id}`, as(owner, { kind: 'amount', value: 7.5 }));
    expect(PromotionResponseSchema.parse(toAmount.body).data).toMatchObject({ kind: 'amount', value: 7.5 });
    refused(await t.request('PATCH', `/api/admin/promotions/${randomUUID()}`, as(owner, { value: 5 })), 404, 'PROMOTION_NOT_FOUND', 'No promotion has this id');
    const records = await auditOf(promotion._id);
    expect(records.map((r) => r.action)).toEqual(['promotion.create', 'promotion.update', 'promotion.update']);
    expect(records[1]).toMatchObject({ actorEmail: owner.email, before: { value: 15, name: { en: 'Spring sale', ar: 'تخفيضات الربيع' } }, after: { value: 20, name: { en: 'Bigger sale', ar: 'تخفيضات أكبر' } } });
  });

  it('deactivates on DELETE, and counts an order\'s use until it is released; code and kind stay once used', async () => {
    const promotion = await create(newPromotion({ usageLimit: 1 }));
    const product = (await t.database.db.select({ id: products.id }).from(products).where(eq(products.status, 'published')).limit(1))[0]!.id;
    const { order } = await placedOrder([{ _id: product, quantity: 1 }], { promoCode: promotion.code! });
    expect(order.discount).toBeGreaterThan(0);
    const used = PromotionResponseSchema.parse((await t.request('GET', `/api/admin/promotions/${promotion._id}`, as(owner))).body).data;
    expect(used).toMatchObject({ uses: 1, status: 'used up' });
    const ordersOf = PromotionOrdersResponseSchema.parse((await t.request('GET', `/api/admin/promotions/${promotion._id}/orders`, as(owner))).body);
    expect(ordersOf).toMatchObject({ total: 1, discount: order.discount, data: [{ _id: order._id, discount: order.discount, released: false }] });
    refused(await t.request('PATCH', `/api/admin/promotions/${promotion._id}`, as(owner, { code: uniqueCode() })), 409, 'PROMOTION_IN_USE', 'code and kind cannot change once an order used the promotion');
    refused(await t.request('PATCH', `/api/admin/promotions/${promotion._id}`, as(owner, { kind: 'amount', value: 3 })), 409, 'PROMOTION_IN_USE', /./);
    // A released use (the unpaid order expired) no longer counts.
    await t.database.db.update(promotionUses).set({ releasedAt: new Date() }).where(eq(promotionUses.orderId, order._id));
    expect(PromotionResponseSchema.parse((await t.request('GET', `/api/admin/promotions/${promotion._id}`, as(owner))).body).data).toMatchObject({ uses: 0, status: 'active' });
    const gone = await t.request('DELETE', `/api/admin/promotions/${promotion._id}`, as(catalog));
    expect(PromotionResponseSchema.parse(gone.body).data).toMatchObject({ active: false, status: 'inactive' });
    expect((await auditOf(promotion._id)).map((r) => r.action)).toEqual(['promotion.create', 'promotion.deactivate']);
  });
});

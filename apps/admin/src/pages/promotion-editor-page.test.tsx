import type { AdminProduct, AdminProductListResponse } from '@dukkan/contracts/admin-products';
import type { CreatePromotionBody, Promotion, UpdatePromotionBody } from '@dukkan/contracts/admin-promotions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, type Answer } from '../test/api-server';
import { writes } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';
import { MANGO, promotion, PROMOTION_ID } from '../test/promotions';

import { localInputOf } from './promotion-form';

/** `GET`, `PATCH`, `DELETE /api/admin/promotions/{id}` and the POST answer `{data: promotion}` (`PromotionResponseSchema`). */
type PromotionAnswer = { data: Promotion };

const PATH = `/api/admin/promotions/${PROMOTION_ID}`;

const mango: AdminProduct = {
  _id: MANGO,
  title: { en: 'Mango', ar: 'مانجو' },
  description: { en: 'd', ar: 'د' },
  brand: { en: 'b', ar: 'ب' },
  category: 'Grocery',
  subcategory: 'grocery-fruit',
  price: 4.5,
  listPrice: null,
  quantity: 10,
  status: 'published',
  images: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** The products search: Mango for any `q`. */
const productSearch = http.get<never, never, Answer<AdminProductListResponse>>('/api/admin/products', () => HttpResponse.json({ data: [mango], total: 1 }));

/** The stored promotion at GET, and what PATCH and DELETE answer (the promotion after them, or the API's error). */
function promotionApi(initial: Promotion, patch: (body: UpdatePromotionBody) => Promotion | Response = (body) => ({ ...initial, ...body })) {
  let current = initial;
  return stubApi(
    http.get<never, never, Answer<PromotionAnswer>>(PATH, () => HttpResponse.json({ data: current })),
    http.patch<never, UpdatePromotionBody, Answer<PromotionAnswer>>(PATH, async ({ request }) => {
      const outcome = patch(await request.json());
      if (outcome instanceof Response) return outcome;
      current = outcome;
      return HttpResponse.json({ data: current });
    }),
    http.delete<never, never, Answer<PromotionAnswer>>(PATH, () => {
      current = { ...current, active: false, status: 'inactive' };
      return HttpResponse.json({ data: current });
    }),
    productSearch,
    http.get(`/api/admin/products/${MANGO}`, () => HttpResponse.json({ data: mango })),
  );
}

describe('promotion editor', () => {
  it('creates a promotion: names side by side, a department and a product found by search, dollars and ISO times as the contract wants; a 400 lands at its field', async () => {
    let answers = 0;
    const calls = stubApi(
      http.post<never, CreatePromotionBody, Answer<PromotionAnswer>>('/api/admin/promotions', async ({ request }) => {
        answers += 1;
        if (answers === 1) return failure(400, 'VALIDATION_ERROR', 'minSubtotal: must be at most 1000000', 'minSubtotal');
        const body = await request.json();
        return HttpResponse.json({ data: promotion({ ...body, code: body.code ?? null, products: [MANGO], uses: 0, status: 'scheduled' }) }, { status: 201 });
      }),
      http.get<never, never, Answer<PromotionAnswer>>(PATH, () => HttpResponse.json({ data: promotion({ kind: 'amount', value: 5, products: [MANGO], uses: 0 }) })),
      http.get(`/api/admin/products/${MANGO}`, () => HttpResponse.json({ data: mango })),
      productSearch,
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/promotions/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'New promotion' })).toBeInTheDocument();
    const nameAr = screen.getByRole('textbox', { name: 'Name (Arabic)' });
    expect(nameAr).toHaveAttribute('dir', 'rtl');
    expect(nameAr).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('textbox', { name: 'Name (English)' })).toHaveAttribute('dir', 'ltr');
    // The dates' time zone is said beside them (jsdom's clock: UTC here, the browser's in use).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`Times are in the ${zone} time zone.`)).toBeInTheDocument();

    // Nothing filled in: the names and the value are required, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(3);

    await user.type(screen.getByRole('textbox', { name: 'Name (English)' }), 'Spring sale');
    await user.type(nameAr, 'تخفيضات الربيع');
    await user.type(screen.getByRole('textbox', { name: 'Code (optional)' }), 'SPRING5');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Amount off' }));
    const value = screen.getByRole('textbox', { name: /^Value \(\$\)/ });
    await user.type(value, '5.005');
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('An amount above 0 with at most 2 decimals')).toBeInTheDocument();
    await user.clear(value);
    await user.type(value, '5');
    await user.type(screen.getByRole('textbox', { name: /Minimum subtotal/ }), '20');

    await user.click(screen.getByRole('combobox', { name: 'Departments' }));
    await user.click(await screen.findByRole('option', { name: 'Grocery' }));
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('combobox', { name: /Add a product/ }), 'man');
    await user.click(await screen.findByRole('option', { name: 'Mango' }));
    expect(screen.getByRole('button', { name: 'Remove Mango' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2026-11-30T09:00' } });
    await user.type(screen.getByRole('textbox', { name: /Orders in all/ }), '50');
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Must be after the start')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2026-12-31T23:30' } });

    // The API's 400 names `minSubtotal`: its message is shown at that field.
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    const minSubtotal = screen.getByRole('textbox', { name: /Minimum subtotal/ });
    await waitFor(() => expect(minSubtotal).toHaveAccessibleDescription('must be at most 1000000'));
    expect(minSubtotal).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit promotion' })).toBeInTheDocument();
    const posts = writes(calls).filter((w) => w.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      name: { en: 'Spring sale', ar: 'تخفيضات الربيع' },
      code: 'SPRING5',
      kind: 'amount',
      value: 5,
      departments: ['Grocery'],
      products: [MANGO],
      minSubtotal: 20,
      startsAt: new Date('2026-12-01T09:00').toISOString(),
      endsAt: new Date('2026-12-31T23:30').toISOString(),
      usageLimit: 50,
      perCustomerLimit: null,
      active: true,
    });
  });

  it('shows a taken code at the code field, and sends an empty code as an automatic promotion', async () => {
    const calls = stubApi(http.post('/api/admin/promotions', () => failure(409, 'PROMO_CODE_TAKEN', 'code: another promotion has this code')));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/promotions/new');

    await user.type(await screen.findByRole('textbox', { name: 'Name (English)' }), 'Welcome');
    await user.type(screen.getByRole('textbox', { name: 'Name (Arabic)' }), 'أهلًا');
    const code = screen.getByRole('textbox', { name: 'Code (optional)' });
    await user.type(code, 'WELCOME');
    await user.type(screen.getByRole('textbox', { name: /^Value \(%\)/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Another promotion has this code'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toMatchObject({ code: null, kind: 'percent', value: 10, departments: [], products: [], minSubtotal: 0, startsAt: null, endsAt: null });
  });

  it('edits a promotion: sends only what changed, and says when a used promotion’s code cannot change', async () => {
    const stored = promotion({ products: [MANGO] });
    let refuse = true;
    const calls = promotionApi(stored, (body) => {
      if (refuse && body.code !== undefined) {
        refuse = false;
        return failure(409, 'PROMOTION_IN_USE', 'code and kind cannot change once an order used the promotion');
      }
      return { ...stored, ...body };
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/promotions/${PROMOTION_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit promotion' })).toBeInTheDocument();
    expect(screen.getByText('Status: Active')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name (English)' })).toHaveValue('Spring sale');
    expect(screen.getByRole('textbox', { name: /^Value \(%\)/ })).toHaveValue('10');
    expect(screen.getByLabelText(/^Starts/)).toHaveValue(localInputOf(stored.startsAt));
    expect(screen.getByRole('combobox', { name: 'Departments' })).toHaveTextContent('Grocery');
    // A stored product's title is read from the API.
    expect(await screen.findByRole('button', { name: 'Remove Mango' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Orders that used it/ })).toHaveAttribute('href', `/admin/promotions/${PROMOTION_ID}/orders`);

    const code = screen.getByRole('textbox', { name: 'Code (optional)' });
    await user.clear(code);
    await user.type(code, 'SPRING15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An order used this promotion: its code and kind cannot change any more.');

    await user.clear(code);
    await user.type(code, 'SPRING10');
    const value = screen.getByRole('textbox', { name: /^Value \(%\)/ });
    await user.clear(value);
    await user.type(value, '15');
    await user.click(screen.getByRole('button', { name: 'Remove Mango' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls).filter((w) => w.method === 'PATCH')).toHaveLength(2));
    expect(writes(calls).filter((w) => w.method === 'PATCH').map((w) => w.body)).toEqual([{ code: 'SPRING15' }, { value: 15, products: [] }]);
  });

  it('deactivates after a confirmation', async () => {
    const calls = promotionApi(promotion());
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/promotions/${PROMOTION_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate “Spring sale”?' });
    expect(within(dialog).getByText(/Orders that used it keep their discount/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it active' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Promotion deactivated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: PATH, body: null }]);
    expect(await screen.findByText('Status: Inactive')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the part's heading: the button that opened the dialog is gone.
    expect(screen.getByRole('heading', { level: 2, name: 'Deactivate' })).toHaveFocus();
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('reads right to left in Arabic, its labels and the status in Arabic', async () => {
    promotionApi(promotion());
    await renderAdmin(`/admin/promotions/${PROMOTION_ID}`, 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل العرض الترويجي' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('الحالة: نشط')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'الاسم (بالعربية)' })).toHaveValue('تخفيضات الربيع');
    expect(screen.getByRole('textbox', { name: 'الاسم (بالعربية)' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'إيقاف' })).toBeInTheDocument();
  });
});

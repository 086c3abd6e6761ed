import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { renderApp } from '../../test/render';
import { cartProduct, mockShop, storeGuestCart } from '../../test/shop-server';

/*
 * The promo code in the cart's summary (issue #35): applying a code, the Discount row and the
 * total after it, a refusal's reason at the field, the chip that removes the code, the keyboard
 * and the focus, in English and Arabic.
 */

const olive = cartProduct(1, { title: 'Olive oil', price: 7.5, quantity: 3 });
const LINES = [{ product: olive, quantity: 2, priceWhenAdded: 7.5 }];
const SPRING = { code: 'SPRING10', name: 'Spring sale', percent: 10 };

async function summary() {
  await screen.findByRole('list', { name: 'Items in your cart' });
  return screen.getByRole('region', { name: 'Order summary' });
}

describe('the promo code in the cart', () => {
  beforeEach(storeGuestCart);

  it('applies a code with the keyboard: the chip, the Discount row and the total after it; the chip removes it', async () => {
    const user = userEvent.setup();
    const { requests } = mockShop({ lines: LINES, promotions: [SPRING] });
    renderApp('/cart');
    const panel = await summary();
    expect(panel).toHaveTextContent('Estimated total$15.00');
    expect(within(panel).queryByText(/^Discount/)).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('textbox', { name: 'Promo code' }));
    await user.keyboard('spring10{Enter}');

    const chip = await within(panel).findByRole('button', { name: 'SPRING10 Remove promo code' });
    expect(chip).toHaveFocus();
    expect(JSON.parse(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/cart/promo')!.body)).toEqual({ code: 'spring10' });
    expect(panel).toHaveTextContent('Discount (Spring sale)−$1.50');
    expect(panel).toHaveTextContent('Estimated total$13.50');
    expect(panel).toHaveTextContent('Applied: Spring sale');

    await user.keyboard('{Enter}');
    const field = await within(panel).findByRole('textbox', { name: 'Promo code' });
    expect(field).toHaveFocus();
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/cart/promo')).toBe(true);
    expect(panel).toHaveTextContent('Estimated total$15.00');
  });

  it('says why a code is refused under the field, tied to it, and keeps what was typed', async () => {
    const user = userEvent.setup();
    mockShop({
      lines: LINES,
      refusals: [['BIGSPEND', { status: 409, code: 'PROMO_MIN_SUBTOTAL', message: "Add $35.00 more of this promotion's items to use it", missing: 35 }]],
    });
    renderApp('/cart');
    const panel = await summary();
    const field = within(panel).getByRole('textbox', { name: 'Promo code' });

    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Enter a promo code');

    await user.type(field, 'bigspend');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(panel).getByRole('alert')).toHaveTextContent("Add $35.00 more of this promotion's items to use it"));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription("Add $35.00 more of this promotion's items to use it");
    expect(field).toHaveValue('bigspend');

    await user.clear(field);
    await user.type(field, 'nothing');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(panel).getByRole('alert')).toHaveTextContent('No promotion has this code'));
    expect(panel).toHaveTextContent('Estimated total$15.00');
  });

  it('is in Arabic: the field, the reason and the discount, amounts still written $1.50', async () => {
    const user = userEvent.setup();
    await changeLanguage('ar');
    mockShop({ lines: LINES, promotions: [{ ...SPRING, name: 'تخفيضات الربيع' }], refusals: [['OLD', { status: 409, code: 'PROMO_EXPIRED', message: 'This promotion has ended' }]] });
    renderApp('/cart');
    await screen.findByRole('list', { name: 'المنتجات في سلتك' });
    const panel = screen.getByRole('region', { name: 'ملخص الطلب' });
    const field = within(panel).getByRole('textbox', { name: 'رمز الخصم' });
    await user.type(field, 'old');
    await user.click(within(panel).getByRole('button', { name: 'تطبيق' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('انتهى هذا العرض');

    await user.clear(field);
    await user.type(field, 'SPRING10');
    await user.click(within(panel).getByRole('button', { name: 'تطبيق' }));
    expect(await within(panel).findByRole('button', { name: 'SPRING10 إزالة رمز الخصم' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('الخصم (تخفيضات الربيع)−$1.50');
    await changeLanguage('en');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { answerWith, cartAnswer, categoriesAnswer, orderAnswer } from '../../test/api-server';
import { ownReview, signInShopper } from '../../test/fixtures';
import { order, shopperOrder } from '../../test/orders';
import { renderApp } from '../../test/render';
import { cartOf, mockMyReviews } from '../../test/shop-server';

const lamp = order(1).items[0]!;
const oil = { ...lamp, _id: '00000000-0000-4000-8000-000000000002', title: 'Olive oil', rating: 0 };

/** A paid order of a lamp and olive oil, `status` as given. */
function orderOf(status: 'Shipped' | 'Delivered') {
  return shopperOrder(order(1, { status, paymentStatus: 'Paid', count: 3, items: [lamp, oil] }));
}

function mockOrder(status: 'Shipped' | 'Delivered') {
  const shown = orderOf(status);
  answerWith(categoriesAnswer([]), cartAnswer(cartOf([])), orderAnswer(shown));
  return shown;
}

const itemsOf = async () => within(await screen.findByRole('region', { name: /^(Items|المنتجات) \(/ })).getAllByRole('listitem');

describe('/Order/{id}: reviewing what was delivered (issue #36)', () => {
  // The dialog loads as it first opens: its module transformed before the tests, not inside their waits.
  beforeAll(async () => {
    await import('../../features/reviews/review-dialog');
  });

  it("offers 'Write a review' beside each line of a delivered order, and the status of one already reviewed", async () => {
    signInShopper();
    const shown = mockOrder('Delivered');
    mockMyReviews({ delivered: [lamp._id, oil._id], mine: [ownReview(oil._id, { status: 'approved' })] });
    renderApp(`/Order/${shown._id}`);
    const [lampLine, oilLine] = await itemsOf();
    // Its name starts with what it shows, then names the product.
    const write = await within(lampLine!).findByRole('button', { name: 'Write a review of Desk Lamp' });
    expect(write).toHaveTextContent(/^Write a review$/);
    expect(await within(oilLine!).findByText('Your review was published')).toBeInTheDocument();
    expect(within(oilLine!).queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();
    // A product nobody has reviewed yet has no made-up rating.
    expect(oilLine).toHaveTextContent('No reviews yet');
    expect(oilLine).not.toHaveTextContent('Rating 0.0');
  });

  it('offers no review on an order not yet delivered, and asks nothing of the reviews', async () => {
    signInShopper();
    const shown = mockOrder('Shipped');
    const { requests } = mockMyReviews({ delivered: [lamp._id, oil._id] });
    renderApp(`/Order/${shown._id}`);
    expect(await itemsOf()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname.includes('/reviews'))).toBe(false);
  });

  it('opens the form in a dialog that Escape closes, the focus back on the button', async () => {
    const user = userEvent.setup();
    signInShopper();
    const shown = mockOrder('Delivered');
    mockMyReviews({ delivered: [lamp._id, oil._id] });
    renderApp(`/Order/${shown._id}`);
    const write = await within((await itemsOf())[0]!).findByRole('button', { name: 'Write a review of Desk Lamp' });
    await user.click(write);
    const dialog = await screen.findByRole('dialog', { name: 'Write a review of Desk Lamp' });
    expect(await within(dialog).findByRole('group', { name: 'Your rating' })).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(write).toHaveFocus());
  });

  it('sends the review, closes the dialog and thanks the shopper where the button was', async () => {
    const user = userEvent.setup();
    signInShopper();
    const shown = mockOrder('Delivered');
    const { requests } = mockMyReviews({ delivered: [lamp._id, oil._id] });
    renderApp(`/Order/${shown._id}`);
    const [lampLine] = await itemsOf();
    await user.click(await within(lampLine!).findByRole('button', { name: 'Write a review of Desk Lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review of Desk Lamp' });
    await user.click(await within(dialog).findByRole('radio', { name: '5 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Bright');
    await user.type(within(dialog).getByRole('textbox', { name: 'Review' }), 'Lights the whole desk.');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const thanks = within(lampLine!).getByText('Thank you! Your review will appear once our staff have read it.');
    await waitFor(() => expect(thanks).toHaveFocus());
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url.pathname).toBe(`/api/product/${lamp._id}/reviews`);
    expect(JSON.parse(sent?.body ?? '')).toEqual({ rating: 5, title: 'Bright', body: 'Lights the whole desk.' });
    expect(sent?.headers.get('lng')).toBe('en');
  });

  it('speaks Arabic, and the review is sent as Arabic', async () => {
    const user = userEvent.setup();
    await changeLanguage('ar');
    signInShopper();
    const shown = mockOrder('Delivered');
    const { requests, state } = mockMyReviews({ delivered: [lamp._id, oil._id] });
    renderApp(`/Order/${shown._id}`);
    const [lampLine] = await itemsOf();
    await user.click(await within(lampLine!).findByRole('button', { name: 'اكتب مراجعة عن Desk Lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'اكتب مراجعة عن Desk Lamp' });
    await user.click(await within(dialog).findByRole('radio', { name: '4 نجوم' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'العنوان' }), 'مصباح جيد');
    await user.type(within(dialog).getByRole('textbox', { name: 'المراجعة' }), 'يضيء المكتب كله.');
    await user.click(within(dialog).getByRole('button', { name: 'أرسل المراجعة' }));
    expect(await within(lampLine!).findByText('شكراً لك! ستظهر مراجعتك بعد أن يقرأها فريقنا.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.headers.get('lng')).toBe('ar');
    expect(state.mine.get(lamp._id)?.language).toBe('ar');
  });
});

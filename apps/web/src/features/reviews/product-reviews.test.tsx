import type { Review } from '@dukkan/contracts/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { answerWith, reviewsAnswer } from '../../test/api-server';
import { ownReview, product, review, reviewPage, signInShopper } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { mockMyReviews } from '../../test/shop-server';

import { ProductReviews } from './product-reviews';

const olive = product(7, { title: 'Olive oil', rating: 4.3, reviewCount: 12 });

/** Olive oil's twelve reviews: 5 stars eight times, 4 twice, 3 and 1 once; two pages. */
const STARS = [5, 5, 3, 5, 4, 5, 1, 5, 5, 4, 5, 5];
const all: Review[] = STARS.map((rating, index) => review(index + 1, { rating, createdAt: new Date(Date.UTC(2026, 10, 20 - index, 10)).toISOString() }));
all[0] = review(1, { rating: 5, title: 'Fresh & green', body: 'Tastes of <b>olives</b>.\nWould buy again.', author: 'Layla H.', createdAt: '2026-11-20T10:00:00.000Z' });
all[2] = review(3, { rating: 3, title: 'زيت جيد', body: 'لكن الزجاجة صغيرة.', author: 'Omar K.', language: 'ar', createdAt: '2026-11-18T10:00:00.000Z' });

/** The fake API's pages of them, by the request's sort and page, ten to a page. */
function mockReviews() {
  return answerWith(
    reviewsAnswer(olive._id, (url) => {
      const sort = url.searchParams.get('sort');
      const page = Number(url.searchParams.get('page') ?? 1);
      const sorted = sort === 'highest' ? [...all].sort((a, b) => b.rating - a.rating) : sort === 'lowest' ? [...all].sort((a, b) => a.rating - b.rating) : all;
      return reviewPage(sorted.slice((page - 1) * 10, page * 10), { page, all });
    }),
  );
}

function renderReviews(shown = olive) {
  return renderWithProviders(<ProductReviews product={shown} />, { path: `/details/${shown._id}`, route: '/details/:id' });
}

const titlesIn = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('ProductReviews', () => {
  it('shows how reviews are checked, the average, the count and the histogram as text', async () => {
    mockReviews();
    renderReviews();
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(section).toHaveAttribute('id', 'reviews');
    expect(within(section).getByText('Only shoppers who received this product can review it; every review is read by our staff before it appears.')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(within(section).getByText('12 reviews')).toBeInTheDocument();

    const histogram = await within(section).findByRole('list', { name: 'Reviews by stars' });
    const rows = within(histogram).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.dk-visually-hidden')?.textContent)).toEqual([
      '5 stars: 8 reviews',
      '4 stars: 2 reviews',
      '3 stars: 1 review',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
    // The bar of 5 stars is 8 of 12 long.
    expect(rows[0]!.querySelector('.dk-histogram__bar > span')).toHaveStyle({ width: '67%' });
  });

  it('shows each review with its stars, title, text as typed, author, date and Verified buyer; one in Arabic says so, in its language', async () => {
    mockReviews();
    renderReviews();
    const list = await screen.findByRole('list', { name: 'The reviews' });
    const [first, , arabic] = within(list).getAllByRole('listitem');

    expect(within(first!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(first!).getByRole('heading', { level: 3, name: 'Fresh & green' })).toBeInTheDocument();
    // Markup is text: no <b> element, the angle brackets shown.
    expect(within(first!).getByText(/Tastes of <b>olives<\/b>\./)).toBeInTheDocument();
    expect(first!.querySelector('b')).toBeNull();
    expect(first).toHaveTextContent('Layla H.');
    expect(first).toHaveTextContent('Nov 20, 2026');
    expect(first).toHaveTextContent('Verified buyer');
    expect(first).not.toHaveTextContent('Written in');

    expect(arabic).toHaveTextContent('Written in Arabic');
    const text = within(arabic!).getByRole('heading', { level: 3, name: 'زيت جيد' }).parentElement!;
    expect(text).toHaveAttribute('lang', 'ar');
    expect(text).toHaveAttribute('dir', 'rtl');
    expect(text).toHaveTextContent('لكن الزجاجة صغيرة.');
  });

  it('sorts by highest and lowest rating, asking the API, and starts again at the first page', async () => {
    const user = userEvent.setup();
    const requests = mockReviews();
    renderReviews();
    const list = await screen.findByRole('list', { name: 'The reviews' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Newest', 'Highest rating', 'Lowest rating']);

    await user.selectOptions(sort, 'Lowest rating');
    await waitFor(() => expect(titlesIn(list)[0]).toBe('Review 7'));
    expect(titlesIn(list)[1]).toBe('زيت جيد');
    const asked = requests.filter((request) => request.url.pathname.endsWith('/reviews')).map((request) => request.url.searchParams.get('sort'));
    expect(asked).toEqual(['newest', 'lowest']);

    await user.selectOptions(sort, 'Highest rating');
    await waitFor(() => expect(titlesIn(list)[0]).toBe('Fresh & green'));
  });

  it('pages through the reviews, ten at a time, the focus going to the new page', async () => {
    const user = userEvent.setup();
    const requests = mockReviews();
    renderReviews();
    const list = await screen.findByRole('list', { name: 'The reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Pages of reviews' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(titlesIn(list)).toEqual(['Review 11', 'Review 12']);
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() => expect(list).toHaveFocus());
    expect(requests.filter((request) => request.url.pathname.endsWith('/reviews')).map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it("says 'No reviews yet' for a product nobody has reviewed, and asks for nothing", async () => {
    const requests = mockReviews();
    renderReviews(product(8, { rating: 0, reviewCount: 0 }));
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(section).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(section).getByText(/^Only shoppers who received this product/)).toBeInTheDocument();
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it('speaks Arabic: the histogram, the sort, and an English review marked as such in its own language', async () => {
    await changeLanguage('ar');
    const requests = mockReviews();
    renderReviews();
    const section = await screen.findByRole('region', { name: 'المراجعات' });
    expect(within(section).getByText('لا يراجع هذا المنتج إلا المتسوقون الذين استلموه، ويقرأ فريقنا كل مراجعة قبل أن تظهر.')).toBeInTheDocument();
    expect(await within(section).findByText('تقييم 5 نجوم: 8 مراجعات')).toBeInTheDocument();
    expect(within(section).getByText('تقييم نجمة واحدة: مراجعة واحدة')).toBeInTheDocument();
    expect(within(section).getByText('تقييم نجمتان: 0 مراجعة')).toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: 'الترتيب حسب' })).toHaveDisplayValue('الأحدث');
    const [first] = within(within(section).getByRole('list', { name: 'المراجعات' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('مكتوبة بالإنجليزية');
    expect(first).toHaveTextContent('20 نوفمبر 2026');
    expect(first).toHaveTextContent('مشترٍ موثَّق');
    const text = within(first!).getByRole('heading', { level: 3, name: 'Fresh & green' }).parentElement!;
    expect(text).toHaveAttribute('lang', 'en');
    expect(text).toHaveAttribute('dir', 'ltr');
    expect(requests[0]?.url.searchParams.get('lng')).toBe('ar');
    expect(requests[0]?.headers.get('lng')).toBe('ar');
  });
});

describe('the shopper’s own review on the product page', () => {
  // The form loads as it first opens: its module transformed before the tests, not inside their waits.
  beforeAll(async () => {
    await Promise.all([import('../../components/review-form'), import('../../components/mui/mui-scope')]);
  });

  it('shows a guest nothing, and asks nothing of their reviews', async () => {
    const requests = mockReviews();
    mockMyReviews({ delivered: [olive._id] });
    renderReviews();
    await screen.findByRole('list', { name: 'The reviews' });
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname.endsWith('/mine'))).toBe(false);
  });

  it('shows a shopper who may not review it (no delivered order of it) nothing', async () => {
    signInShopper();
    mockReviews();
    const { requests } = mockMyReviews({ delivered: [] });
    renderReviews();
    await waitFor(() => expect(requests.some((request) => request.url.pathname.endsWith('/mine'))).toBe(true));
    await screen.findByRole('list', { name: 'The reviews' });
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('lets a shopper who received it write a review: the form closes, thanks them, and says it waits for staff', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockReviews();
    const { requests } = mockMyReviews({ delivered: [olive._id] });
    renderReviews();
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));

    const form = await screen.findByRole('form', { name: 'Write a review' });
    expect(within(form).getByRole('heading', { name: 'Write a review' })).toHaveFocus();
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), '  Good oil  ');
    await user.type(within(form).getByRole('textbox', { name: 'Review' }), 'Fresh and peppery.');
    await user.click(within(form).getByRole('button', { name: 'Send review' }));

    const thanks = await screen.findByText('Thank you! Your review will appear once our staff have read it.');
    expect(thanks).toHaveFocus();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url.pathname).toBe(`/api/product/${olive._id}/reviews`);
    expect(JSON.parse(sent?.body ?? '')).toEqual({ rating: 4, title: 'Good oil', body: 'Fresh and peppery.' });
    expect(await screen.findByText('Your review is waiting for our staff')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('says why staff did not publish a review, and edits it with PATCH, back to waiting', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockReviews();
    const rejected = ownReview(olive._id, { rating: 2, title: 'Bad', body: 'Buy it at SuperShop instead.', status: 'rejected', rejectReason: 'It names another shop.' });
    const { requests } = mockMyReviews({ delivered: [olive._id], mine: [rejected] });
    renderReviews();
    expect(await screen.findByText('Your review was not published: It names another shop.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit your review' }));

    const form = await screen.findByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '2 stars' })).toBeChecked();
    const title = within(form).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Bad');
    await user.clear(title);
    await user.type(title, 'Not for me');
    await user.click(within(form).getByRole('button', { name: 'Send review' }));

    expect(await screen.findByText('Thank you! Your review will appear once our staff have read it.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'PATCH');
    expect(sent?.url.pathname).toBe(`/api/product/${olive._id}/reviews/mine`);
    expect(JSON.parse(sent?.body ?? '')).toEqual({ rating: 2, title: 'Not for me', body: 'Buy it at SuperShop instead.' });
    expect(await screen.findByText('Your review is waiting for our staff')).toBeInTheDocument();
  });

  it('closes the form with Cancel, the focus back on its button', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockReviews();
    mockMyReviews({ delivered: [olive._id] });
    renderReviews();
    const write = await screen.findByRole('button', { name: 'Write a review' });
    await user.click(write);
    await user.click(within(await screen.findByRole('form', { name: 'Write a review' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write a review' })).toHaveFocus();
  });
});

import type { ErrorResponse } from '@dukkan/contracts/common';
import type { AdminReview, AdminReviewListResponse, AdminReviewResponse, RejectReviewBody } from '@dukkan/contracts/reviews';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, sessionOf, type Answer } from '../test/api-server';
import { APPLES, CATALOG, CUSTOMER_ID, lastQuery, ORDER_ID, SUPPORT, writes } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';
import { arabicReview, review, REVIEW_ID, SECOND_REVIEW_ID, THIRD_REVIEW_ID } from '../test/reviews';

const LIST = '/api/admin/reviews';
const MODERATOR = 'help@dukkan.test';

/**
 * The API over `reviews`, as it keeps them: a status's list in the order given (the API's: the
 * queue oldest first), `more` added to each total (reviews on later pages); approving or
 * rejecting moves a review to its new status, or answers `refuse` when given.
 */
function moderationApi(reviews: AdminReview[], { more = 0, refuse }: { more?: number; refuse?: () => HttpResponse<ErrorResponse> } = {}) {
  const stored = reviews.map((entry) => ({ ...entry }));
  /** The review after the change, stored; null when there is no such review. */
  function moderate(id: string, change: Partial<AdminReview>): AdminReview | null {
    const index = stored.findIndex((entry) => entry._id === id);
    const before = stored[index];
    if (!before) return null;
    stored[index] = { ...before, ...change, moderatedAt: '2026-11-22T10:00:00.000Z', moderatedBy: MODERATOR };
    return stored[index];
  }
  return stubApi(
    http.get<never, never, Answer<AdminReviewListResponse>>(LIST, ({ request }) => {
      const data = stored.filter((entry) => entry.status === new URL(request.url).searchParams.get('status'));
      return HttpResponse.json({ data, total: data.length + more });
    }),
    http.post<{ id: string }, never, Answer<AdminReviewResponse>>(`${LIST}/:id/approve`, ({ params }) => {
      const refused = refuse?.();
      if (refused) return refused;
      const moderated = moderate(params.id, { status: 'approved', rejectReason: null });
      if (!moderated) return failure(404, 'REVIEW_NOT_FOUND', 'No such review');
      return HttpResponse.json({ data: moderated });
    }),
    http.post<{ id: string }, RejectReviewBody, Answer<AdminReviewResponse>>(`${LIST}/:id/reject`, async ({ params, request }) => {
      const refused = refuse?.();
      if (refused) return refused;
      const { reason } = await request.json();
      const moderated = moderate(params.id, { status: 'rejected', rejectReason: reason });
      if (!moderated) return failure(404, 'REVIEW_NOT_FOUND', 'No such review');
      return HttpResponse.json({ data: moderated });
    }),
  );
}

const article = (title: string) => screen.getByRole('article', { name: title });

describe('reviews', () => {
  it('lists the queue oldest first: each review’s stars, text, product, shopper, order, language and date', async () => {
    const calls = moderationApi([review(), arabicReview()]);
    await renderAdmin('/admin/reviews');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: '2 reviews waiting' })).toBeInTheDocument();
    expect(screen.getByText('Oldest first: the one waiting longest is at the top.')).toBeInTheDocument();
    expect(lastQuery(calls, LIST)).toEqual({ status: 'pending', page: '1' });
    expect(screen.getAllByRole('article').map((entry) => within(entry).getByRole('heading', { level: 3 }).textContent)).toEqual(['Crisp and sweet', 'طرية أكثر من اللازم']);

    const first = article('Crisp and sweet');
    expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(first).getByText(/Arrived fresh\.\s+Would buy again\./)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Apples' })).toHaveAttribute('href', `/admin/products/${APPLES}`);
    expect(within(first).getByRole('link', { name: 'Sara Shopper' })).toHaveAttribute('href', `/admin/customers/${CUSTOMER_ID}`);
    expect(within(first).getByText('shopper@example.com')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: ORDER_ID })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    expect(within(first).getByText('Written in').nextElementSibling).toHaveTextContent('English');
    expect(within(first).getByText('Written').nextElementSibling).toHaveTextContent(/Nov 20, 2026/);
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    const second = article('طرية أكثر من اللازم');
    expect(within(second).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(within(second).getByText('Written in').nextElementSibling).toHaveTextContent('العربية');
    expect(within(second).getByRole('heading', { level: 3 })).toHaveAttribute('lang', 'ar');
  });

  it('shows the shopper’s markup as the text they typed, never as HTML', async () => {
    moderationApi([review({ title: '<img src=x onerror=alert(1)>', body: '<b>bold</b> & <script>alert(1)</script>' })]);
    await renderAdmin('/admin/reviews');
    const entry = await screen.findByRole('article', { name: '<img src=x onerror=alert(1)>' });
    expect(within(entry).getByText('<b>bold</b> & <script>alert(1)</script>')).toBeInTheDocument();
    expect(entry.querySelector('b, script, img')).toBeNull();
  });

  it('approves by keyboard with a POST and the XSRF header; the review leaves the queue and the focus goes to the next one, then to the heading', async () => {
    document.cookie = `${XSRF_COOKIE}=xsrf-abc; path=/`;
    const calls = moderationApi([review(), arabicReview()]);
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/reviews');

    const approve = within(await screen.findByRole('article', { name: 'Crisp and sweet' })).getByRole('button', { name: 'Approve' });
    approve.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Review approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Crisp and sweet' })).not.toBeInTheDocument());
    const approveCall = calls.find((call) => call.method === 'POST');
    expect(approveCall?.headers.get(XSRF_HEADER)).toBe('xsrf-abc');
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${LIST}/${REVIEW_ID}/approve`, body: null }]);
    expect(screen.getByRole('heading', { level: 2, name: '1 review waiting' })).toBeInTheDocument();
    // The next review's first control: its product.
    await waitFor(() => expect(within(article('طرية أكثر من اللازم')).getByRole('link', { name: 'Pears' })).toHaveFocus());

    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(article('طرية أكثر من اللازم')).getByRole('button', { name: 'Approve' })).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.queryAllByRole('article')).toEqual([]));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'No reviews waiting' })).toHaveFocus());
    expect(writes(calls).map((write) => write.path)).toEqual([`${LIST}/${REVIEW_ID}/approve`, `${LIST}/${SECOND_REVIEW_ID}/approve`]);

    // Approved, it is in the Approved tab, with who approved it, and can be rejected from there.
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ status: 'approved', page: '1' }));
    expect(await screen.findByRole('heading', { level: 2, name: '2 approved reviews' })).toBeInTheDocument();
    const approved = article('Crisp and sweet');
    expect(within(approved).getByText('Approved').nextElementSibling).toHaveTextContent(`by ${MODERATOR}`);
    expect(within(approved).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(approved).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('asks a reason to reject: required, at most 500 characters, inline; then sends it, and the review leaves the queue', async () => {
    const calls = moderationApi([review(), arabicReview(), review({ _id: THIRD_REVIEW_ID, title: 'Small', createdAt: '2026-11-22T09:30:00.000Z' })]);
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/reviews');

    // Cancelled, nothing is sent and the focus goes back to the Reject button.
    const rejectFirst = within(await screen.findByRole('article', { name: 'Crisp and sweet' })).getByRole('button', { name: 'Reject' });
    await user.click(rejectFirst);
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject the review “Crisp and sweet”?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rejectFirst).toHaveFocus());

    await user.click(within(article('طرية أكثر من اللازم')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the review “طرية أكثر من اللازم”?' });
    expect(dialog).toHaveTextContent('The shopper gets a mail with your reason.');
    const reason = within(dialog).getByRole('textbox', { name: /Reason \(the shopper reads it\)/ });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    expect(await within(dialog).findByText('At most 500 characters')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);

    await user.clear(reason);
    await user.type(reason, ' Mentions another shop ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    expect(await screen.findByText('Review rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${LIST}/${SECOND_REVIEW_ID}/reject`, body: { reason: 'Mentions another shop' } }]);
    expect(screen.queryByRole('article', { name: 'طرية أكثر من اللازم' })).toBeNull();
    await waitFor(() => expect(within(article('Small')).getByRole('link', { name: 'Apples' })).toHaveFocus());

    // Rejected, it is in the Rejected tab with its reason, and can be approved from there.
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = await screen.findByRole('article', { name: 'طرية أكثر من اللازم' });
    expect(within(rejected).getByText('Reason for rejecting').nextElementSibling).toHaveTextContent('Mentions another shop');
    expect(within(rejected).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('says a review that is gone, and shows the API’s message when an action fails', async () => {
    moderationApi([review()], { refuse: () => failure(404, 'REVIEW_NOT_FOUND', 'No such review') });
    const user = userEvent.setup({ delay: null });
    const first = await renderAdmin('/admin/reviews');
    await user.click(within(await screen.findByRole('article', { name: 'Crisp and sweet' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This review no longer exists.')).toBeInTheDocument();
    first.unmount();

    moderationApi([review()], { refuse: () => failure(500, 'INTERNAL', 'The database is unreachable') });
    await renderAdmin('/admin/reviews');
    await user.click(within(await screen.findByRole('article', { name: 'Crisp and sweet' })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Off topic');
    await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The database is unreachable');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still in the queue; the focus is back on its Reject button.
    await waitFor(() => expect(within(article('Crisp and sweet')).getByRole('button', { name: 'Reject' })).toHaveFocus());
  });

  it('pages by 20 and filters by one product, both in the address', async () => {
    const calls = moderationApi([review()], { more: 25 });
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/reviews?product=${APPLES}`);
    expect(await screen.findByRole('heading', { level: 2, name: '26 reviews waiting' })).toBeInTheDocument();
    expect(lastQuery(calls, LIST)).toEqual({ status: 'pending', product: APPLES, page: '1' });
    expect(screen.getByText('1–20 of 26')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ status: 'pending', product: APPLES, page: '2' }));

    expect(screen.getByText('Only the reviews of one product are shown.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show the reviews of every product' }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ status: 'pending', page: '1' }));
  });

  it('is in the navigation of support staff, who see the product without a link to the products screen they may not open', async () => {
    const calls = moderationApi([review()]);
    stubApi(sessionOf(SUPPORT));
    await renderAdmin('/admin/reviews');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/admin/reviews');
    const entry = await screen.findByRole('article', { name: 'Crisp and sweet' });
    expect(within(entry).getByText('Apples')).toBeInTheDocument();
    expect(within(entry).queryByRole('link', { name: 'Apples' })).toBeNull();
    expect(within(entry).getByRole('link', { name: 'Sara Shopper' })).toBeInTheDocument();
    expect(lastQuery(calls, LIST)).toEqual({ status: 'pending', page: '1' });
  });

  it('is not in the catalog staff’s navigation, and refuses them the screen', async () => {
    const calls = stubApi(sessionOf(CATALOG));
    await renderAdmin('/admin/reviews');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role cannot use this page.');
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Reviews' })).toBeNull();
    expect(calls.filter((call) => call.url.pathname === LIST)).toEqual([]);
  });

  it('reads right to left in Arabic, with the counts, stars and languages in Arabic', async () => {
    moderationApi([review(), arabicReview()]);
    await renderAdmin('/admin/reviews', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'التقييمات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('tab', { name: 'بانتظار الموافقة' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'تقييمان بانتظار الموافقة' })).toBeInTheDocument();
    const first = article('Crisp and sweet');
    expect(within(first).getByRole('img', { name: '4 من 5 نجوم' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'تفاح' })).toBeInTheDocument();
    expect(within(first).getByText('لغة التقييم').nextElementSibling).toHaveTextContent('English');
    expect(within(first).getByRole('button', { name: 'قبول' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'رفض' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'لوحة الإدارة' })).getByRole('link', { name: 'التقييمات' })).toBeInTheDocument();
  });
});

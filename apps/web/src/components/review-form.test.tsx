import type { ReviewBody } from '@dukkan/contracts/reviews';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../test/render';

import { ReviewForm, type ReviewSendResult } from './review-form';

/** An API refusal as RTK Query's mutation result has it. */
const refusal = (status: number, code: string, message = 'Refused'): ReviewSendResult => ({ error: { status, data: { code, message } } });

function renderForm({ send = vi.fn((_body: ReviewBody) => Promise.resolve<ReviewSendResult>({ data: {} })), initial }: { send?: (body: ReviewBody) => Promise<ReviewSendResult>; initial?: ReviewBody } = {}) {
  const onSent = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(<ReviewForm send={send} onSent={onSent} onCancel={onCancel} initial={initial} />);
  return { send, onSent, onCancel };
}

async function fill(user: ReturnType<typeof userEvent.setup>, { stars = '5 stars', title = 'Good oil', body = 'Fresh and peppery.' } = {}) {
  await user.click(await screen.findByRole('radio', { name: stars }));
  await user.type(screen.getByRole('textbox', { name: 'Title' }), title);
  await user.type(screen.getByRole('textbox', { name: 'Review' }), body);
}

describe('ReviewForm', () => {
  it("has the stars as a radio group, 'Your rating', chosen with the arrow keys", async () => {
    const user = userEvent.setup();
    renderForm();
    const group = await screen.findByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(within(group).getByRole('radio', { name })).not.toBeChecked();

    // The heading has the focus as the form opens; Tab goes into the group, on its first star.
    expect(screen.getByRole('heading', { name: 'Write a review' })).toHaveFocus();
    await user.tab();
    expect(within(group).getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: '2 stars' })).toBeChecked();
    // Out of the group with one Tab, to the title.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
  });

  it('says what is missing, under each field, and focuses the first problem; sends nothing', async () => {
    const user = userEvent.setup();
    const { send } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Review' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send review' }));

    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars');
    expect(within(group).getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Enter a title');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInvalid();
    expect(screen.getByRole('textbox', { name: 'Review' })).toHaveAccessibleDescription('Write your review');
    expect(send).not.toHaveBeenCalled();
  });

  it('takes at most 100 characters of title and 5,000 of text', async () => {
    renderForm();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveAttribute('maxLength', '100');
    expect(screen.getByRole('textbox', { name: 'Review' })).toHaveAttribute('maxLength', '5000');
  });

  it('sends the stars and the trimmed texts, then says it was sent', async () => {
    const user = userEvent.setup();
    const { send, onSent } = renderForm();
    await fill(user, { stars: '4 stars', title: '  Good oil ', body: ' Fresh and <b>peppery</b>.\nWould buy again. ' });
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(send).toHaveBeenCalledWith({ rating: 4, title: 'Good oil', body: 'Fresh and <b>peppery</b>.\nWould buy again.' });
    expect(onSent).toHaveBeenCalledOnce();
  });

  it('fills in the review being edited', async () => {
    renderForm({ initial: { rating: 2, title: 'Too small', body: 'The bottle is tiny.' } });
    expect(await screen.findByRole('heading', { name: 'Edit your review' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Too small');
    expect(screen.getByRole('textbox', { name: 'Review' })).toHaveValue('The bottle is tiny.');
  });

  it.each([
    [refusal(403, 'REVIEW_NOT_VERIFIED'), 'Only shoppers who received this product can review it.'],
    [refusal(409, 'REVIEW_EXISTS'), 'You have already reviewed this product: edit your review instead.'],
    [refusal(429, 'TOO_MANY_REQUESTS'), 'You have written as many reviews as we take in a day. Please try again tomorrow.'],
    [refusal(401, 'SIGN_IN_REQUIRED'), 'Please sign in again to write a review.'],
    [{ error: { status: 'FETCH_ERROR', error: 'offline' } }, "We couldn't send your review. Please try again."],
  ] satisfies [ReviewSendResult, string][])('says why the API refused it, keeping what was typed: %#', async (answer, message) => {
    const user = userEvent.setup();
    const { onSent } = renderForm({ send: () => Promise.resolve(answer) });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Good oil');
  });

  it('speaks Arabic', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    const { send } = renderForm();
    const group = await screen.findByRole('group', { name: 'تقييمك' });
    const radios = within(group).getAllByRole('radio');
    ['نجمة واحدة', 'نجمتان', '3 نجوم', '4 نجوم', '5 نجوم'].forEach((name, index) => expect(within(group).getByRole('radio', { name })).toBe(radios[index]));
    await user.click(screen.getByRole('button', { name: 'أرسل المراجعة' }));
    expect(group).toHaveAccessibleDescription('اختر تقييماً من نجمة واحدة إلى 5 نجوم');
    expect(screen.getByRole('textbox', { name: 'العنوان' })).toHaveAccessibleDescription('أدخل عنواناً');
    expect(screen.getByRole('textbox', { name: 'المراجعة' })).toHaveAccessibleDescription('اكتب مراجعتك');
    expect(send).not.toHaveBeenCalled();
  });
});

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSignedInUser } from '../../app/hooks';
import { useHydrated } from '../../lib/use-hydrated';

import { LazyReviewForm } from './lazy-review-form';
import { useReviewStatusText } from './review-status';
import { useCreateReviewMutation, useGetMyReviewQuery, useUpdateReviewMutation } from './reviews-api';

/**
 * The signed-in shopper's part of a product's Reviews: 'Write a review' when they may write one
 * (a delivered order line of it, no review yet), or where their review stands with 'Edit your
 * review'. The form opens in place and closes once the review is taken, thanking the shopper.
 * Guests, and shoppers who may not review, see nothing. After the page is live only: the session
 * is the browser's (the server renders nothing here, and asks nothing).
 */
export function MyReview({ productId }: { productId: string }) {
  const hydrated = useHydrated();
  const user = useSignedInUser();
  return hydrated && user ? <MyReviewPanel productId={productId} owner={user.id} /> : null;
}

function MyReviewPanel({ productId, owner }: { productId: string; owner: string }) {
  const { t } = useTranslation('reviews');
  const { data } = useGetMyReviewQuery({ id: productId, owner });
  const [create] = useCreateReviewMutation();
  const [update] = useUpdateReviewMutation();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  // Where the focus goes once the form has closed: the thanks, or back to the button that opened it.
  const focusNext = useRef<'thanks' | 'opener' | null>(null);
  const statusText = useReviewStatusText();

  useEffect(() => {
    if (open) return;
    if (focusNext.current === 'thanks') thanks.current?.focus();
    else if (focusNext.current === 'opener') opener.current?.focus();
    focusNext.current = null;
  }, [open]);

  if (!data) return null;
  const { review, canReview } = data;

  if (open) {
    return (
      <div className="dk-my-review">
        <LazyReviewForm
          initial={review ? { rating: review.rating, title: review.title, body: review.body } : undefined}
          send={(body) => (review ? update({ id: productId, owner, body }) : create({ id: productId, owner, body }))}
          onSent={() => {
            focusNext.current = 'thanks';
            setSent(true);
            setOpen(false);
          }}
          onCancel={() => {
            focusNext.current = 'opener';
            setOpen(false);
          }}
        />
      </div>
    );
  }
  if (!review && !canReview && !sent) return null;

  return (
    <div className="dk-my-review">
      {sent ? (
        <p ref={thanks} tabIndex={-1} role="status" className="dk-my-review__thanks">
          {t('thanks')}
        </p>
      ) : null}
      {review ? <p className="dk-my-review__status">{statusText(review)}</p> : null}
      {review || canReview ? (
        <button ref={opener} type="button" className="dk-button dk-button--outlined" onClick={() => setOpen(true)}>
          {review ? t('edit') : t('write')}
        </button>
      ) : null}
    </div>
  );
}

import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSignedInUser } from '../../app/hooks';

import { useReviewStatusText } from './review-status';
import { useCreateReviewMutation, useGetMyReviewQuery } from './reviews-api';

/** The dialog, loaded as the shopper first opens one: most visits to an order write no review. */
const ReviewDialog = lazy(() => import('./review-dialog'));

/**
 * 'Write a review' beside a delivered order line (issue #36): it opens the review form in a
 * dialog (the focus kept inside it, Escape closes it); once the review is taken the dialog closes
 * and the shopper is thanked where the button was, with the focus there. A product already
 * reviewed shows where its review stands instead; one the API says may not be reviewed, nothing.
 */
export function OrderLineReview({ productId, title }: { productId: string; title: string }) {
  const { t } = useTranslation('reviews');
  const user = useSignedInUser();
  const owner = user?.id ?? '';
  const { data } = useGetMyReviewQuery({ id: productId, owner }, { skip: !user });
  const [create] = useCreateReviewMutation();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted: it closes with its transition, then gives the focus back.
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  // What the line shows in the button's place (the thanks, the status, the button): the focus
  // goes there once the dialog has gone.
  const place = useRef<HTMLElement | null>(null);
  const setPlace = (element: HTMLElement | null) => {
    place.current = element;
  };
  const statusText = useReviewStatusText();

  let shown = null;
  if (sent) {
    shown = (
      <Typography ref={setPlace} tabIndex={-1} role="status" sx={{ fontSize: '0.9rem', fontWeight: 600, color: '#1d5e02' }}>
        {t('thanks')}
      </Typography>
    );
  } else if (data?.review) {
    shown = (
      <Typography ref={setPlace} tabIndex={-1} sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>
        {statusText(data.review)}
      </Typography>
    );
  } else if (data?.canReview) {
    shown = (
      // Its name starts with its visible words, then names the product (WCAG 2.5.3).
      <Button
        ref={setPlace}
        variant="outlined"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-label={t('writeOf', { title })}
        aria-haspopup="dialog"
      >
        {t('write')}
      </Button>
    );
  }

  return (
    <>
      {shown}
      {opened ? (
        <Suspense fallback={null}>
          <ReviewDialog
            open={open}
            title={title}
            onClose={() => setOpen(false)}
            onExited={() => place.current?.focus()}
            send={(body) => create({ id: productId, owner, body })}
            onSent={() => {
              setSent(true);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

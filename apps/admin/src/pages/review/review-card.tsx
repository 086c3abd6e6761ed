import { formatDateTime } from '@dukkan/contracts/format';
import type { AdminReview } from '@dukkan/contracts/reviews';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { Language } from '../../app/language';
import { Facts } from '../../app/parts';
import { adminPaths } from '../../app/paths';

/** Five stars, `rating` of them filled, read as one image: '4 out of 5 stars'. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <Typography component="span" role="img" aria-label={t('reviews.stars', { rating })} sx={{ color: '#8a5a00', letterSpacing: 2, fontSize: '1.2rem' }}>
      {'★'.repeat(rating)}
      <Typography component="span" sx={{ color: 'text.secondary', fontSize: 'inherit' }}>
        {'☆'.repeat(5 - rating)}
      </Typography>
    </Typography>
  );
}

/**
 * One review as staff moderate it: its title and text exactly as the shopper typed them (React
 * writes them as text: markup stays markup, never HTML), the stars, the product, the shopper and
 * the order that verified them, its language and dates, and the actions its status allows
 * (approve unless approved, reject unless rejected). `linkProduct` is for a role with the
 * products screen; `articleRef` lets the list move the focus into the review.
 */
export function ReviewCard({
  review,
  language,
  linkProduct,
  busy,
  onApprove,
  onReject,
  articleRef,
}: {
  review: AdminReview;
  language: Language;
  linkProduct: boolean;
  busy: boolean;
  onApprove: (event: MouseEvent<HTMLButtonElement>) => void;
  onReject: (event: MouseEvent<HTMLButtonElement>) => void;
  articleRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const productTitle = review.product.title[language] || review.product.title.en;
  const moderated = review.moderatedAt
    ? [{ label: t(`reviews.moderated.${review.status}`), value: t('reviews.moderatedBy', { when: formatDateTime(review.moderatedAt, language), who: review.moderatedBy ?? '—' }) }]
    : [];

  return (
    <Paper ref={articleRef} component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id={headingId} component="h3" variant="h3" lang={review.language} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {review.title}
        </Typography>
        <Stars rating={review.rating} />
        <Typography lang={review.language} dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.body}
        </Typography>
        <Facts
          items={[
            {
              label: t('reviews.product'),
              value: linkProduct ? (
                <Link component={RouterLink} to={adminPaths.product(review.product._id)} lang={language} dir="auto" sx={{ color: 'primary.dark' }}>
                  {productTitle}
                </Link>
              ) : (
                <span lang={language} dir="auto">
                  {productTitle}
                </span>
              ),
            },
            {
              label: t('reviews.shopper'),
              value: (
                <>
                  <Link component={RouterLink} to={adminPaths.customer(review.customer._id)} dir="auto" sx={{ color: 'primary.dark' }}>
                    {review.customer.name || review.customer.email}
                  </Link>{' '}
                  <span dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                    {review.customer.email}
                  </span>
                </>
              ),
            },
            {
              label: t('reviews.order'),
              value: review.order ? (
                <Link component={RouterLink} to={adminPaths.order(review.order)} sx={{ color: 'primary.dark', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {review.order}
                </Link>
              ) : (
                t('reviews.noOrder')
              ),
            },
            { label: t('reviews.language'), value: t(`languages.${review.language}`) },
            { label: t('reviews.written'), value: formatDateTime(review.createdAt, language) },
            ...(review.updatedAt !== review.createdAt ? [{ label: t('reviews.edited'), value: formatDateTime(review.updatedAt, language) }] : []),
            ...moderated,
            ...(review.rejectReason ? [{ label: t('reviews.reason'), value: <span dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{review.rejectReason}</span> }] : []),
          ]}
        />
        <Stack direction="row" spacing={1} sx={{ pt: 1, flexWrap: 'wrap', gap: 1 }}>
          {review.status === 'approved' ? null : (
            <Button variant="contained" onClick={onApprove} aria-describedby={headingId} aria-disabled={busy || undefined}>
              {t('reviews.approve')}
            </Button>
          )}
          {review.status === 'rejected' ? null : (
            <Button variant="outlined" color="error" onClick={onReject} aria-describedby={headingId} aria-disabled={busy || undefined}>
              {t('reviews.reject')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

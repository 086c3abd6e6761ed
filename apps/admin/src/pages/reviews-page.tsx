import { IdSchema } from '@dukkan/contracts/common';
import { ADMIN_REVIEW_PAGE_SIZE, REVIEW_STATUSES, ReviewStatusSchema, type AdminReview, type ReviewStatus } from '@dukkan/contracts/reviews';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useFocusReturn } from '../app/action-dialog';
import { useApproveReviewMutation, useListReviewsQuery } from '../app/api/reviews-api';
import { failureOf, failureText } from '../app/errors';
import { toLanguage } from '../app/language';
import { Busy, useStaff } from '../app/layout';
import { pageParam, useListAddress } from '../app/list-address';
import { AddressPagination } from '../app/parts';
import { adminPaths } from '../app/paths';
import { mayUse } from '../app/roles';

import { RejectDialog } from './review/reject-dialog';
import { ReviewCard } from './review/review-card';

/** The API pages reviews by 20 and takes no page size. */
const PAGE_SIZES = [ADMIN_REVIEW_PAGE_SIZE];

/** The list's heading: how many reviews the status has. */
const COUNT_TEXT = { pending: 'reviews.waiting', approved: 'reviews.approvedCount', rejected: 'reviews.rejectedCount' } as const;

/** The first link or button of a review: where the focus goes when the review before it leaves the list. */
function firstControlIn(article: HTMLElement | undefined): HTMLElement | null {
  return article?.querySelector<HTMLElement>('a[href], button:not([disabled])') ?? null;
}

/** The review after `id` in the list, or the one before it when it is the last; null when it is alone. */
function neighbourOf(reviews: readonly AdminReview[], id: string): string | null {
  const index = reviews.findIndex((review) => review._id === id);
  if (index < 0) return null;
  return reviews[index + 1]?._id ?? reviews[index - 1]?._id ?? null;
}

/**
 * `/admin/reviews` (owner, support): the moderation queue — reviews waiting for approval, the
 * oldest first — and the approved and rejected ones, newest first, 20 to a page, in tabs. The
 * status, a product (`?product=`, from its editor) and the page live in the address. Each review
 * is approved at once or rejected with a reason (a dialog); it then leaves the list, a toast says
 * so, and the focus goes on to the next review's first control, or to the list's heading when
 * none is left.
 */
export default function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { role } = useStaff();
  const { params, page, update } = useListAddress();
  const status: ReviewStatus = ReviewStatusSchema.safeParse(params.get('status')).data ?? 'pending';
  const product = IdSchema.safeParse(params.get('product')).data ?? '';
  const list = useListReviewsQuery({ status, product, page }, { refetchOnFocus: true });
  // Only the answer of the tab and page shown: another's stays out while this one loads.
  const reviews = list.currentData?.data;
  const total = list.currentData?.total ?? 0;

  const tabsId = useId();
  const panelId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const articles = useRef(new Map<string, HTMLElement>());
  const focus = useFocusReturn(listHeading);
  const [approveReview] = useApproveReviewMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  // The review being rejected stays in the dialog while it closes; `gone` once it has left the list.
  const [dialog, setDialog] = useState<{ review: AdminReview; open: boolean; next: string | null; gone: boolean } | null>(null);

  // A page emptied by the last actions (or past the end) shows the last page there is.
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_REVIEW_PAGE_SIZE));
  useEffect(() => {
    if (reviews && reviews.length === 0 && page > lastPage && !list.isFetching) update({ page: pageParam(lastPage - 1) }, false);
  });

  /** Moves the focus to the first control of review `next`, or to the list's heading. */
  function focusOn(next: string | null) {
    const target = next ? firstControlIn(articles.current.get(next)) : null;
    (target ?? listHeading.current)?.focus();
  }

  async function onApprove(review: AdminReview, event: MouseEvent<HTMLButtonElement>) {
    if (busyId) return;
    const button = event.currentTarget;
    const next = neighbourOf(reviews ?? [], review._id);
    setBusyId(review._id);
    const result = await approveReview(review._id);
    setBusyId(null);
    if (!result.error) {
      toast.success(t('reviews.approved'));
      focusOn(next);
      return;
    }
    const failure = failureOf(result.error);
    if (failure.status === 404) {
      toast.error(t('reviews.gone'));
      focusOn(next);
    } else {
      toast.error(failure.message || t('app.networkError'));
      button.focus();
    }
  }

  function onReject(review: AdminReview, event: MouseEvent<HTMLButtonElement>) {
    if (busyId) return;
    focus.remember(event.currentTarget);
    setDialog({ review, open: true, next: neighbourOf(reviews ?? [], review._id), gone: false });
  }

  function onDialogExited() {
    if (dialog?.gone) focusOn(dialog.next);
    else focus.restore();
    setDialog(null);
  }

  const seesProducts = mayUse(role, 'products');
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h1">
        {t('reviews.title')}
      </Typography>
      <Typography variant="body2">{t('reviews.intro')}</Typography>
      <Tabs value={status} onChange={(_event, next: ReviewStatus) => update({ status: next === 'pending' ? '' : next })} aria-label={t('reviews.statuses')}>
        {REVIEW_STATUSES.map((value) => (
          <Tab key={value} value={value} label={t(`reviews.status.${value}`)} id={`${tabsId}-${value}`} aria-controls={panelId} />
        ))}
      </Tabs>
      <Stack role="tabpanel" id={panelId} aria-labelledby={`${tabsId}-${status}`} spacing={2}>
        {product ? (
          <Alert severity="info">
            {t('reviews.oneProduct')}{' '}
            <Link component={RouterLink} to={adminPaths.reviews(status === 'pending' ? '' : `?status=${status}`)} sx={{ color: 'primary.dark' }}>
              {t('reviews.everyProduct')}
            </Link>
          </Alert>
        ) : null}
        {/* Always there, so the focus it holds stays while another page loads. */}
        <Box>
          <Typography ref={listHeading} tabIndex={-1} component="h2" variant="h2" sx={{ outline: 'none' }}>
            {reviews ? t(COUNT_TEXT[status], { count: total }) : t(`reviews.status.${status}`)}
          </Typography>
          {total > 0 ? <Typography variant="body2">{t(`reviews.sortedBy.${status}`)}</Typography> : null}
        </Box>
        {list.isError ? (
          <Alert severity="error" role="alert">
            {failureText(t, list.error)}
          </Alert>
        ) : null}
        {!reviews && list.isFetching ? <Busy /> : null}
        {reviews ? (
          <>
            {reviews.length > 0 ? (
              <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {reviews.map((review) => (
                <li key={review._id}>
                  <ReviewCard
                    review={review}
                    language={language}
                    linkProduct={seesProducts}
                    busy={busyId === review._id}
                    onApprove={(event) => void onApprove(review, event)}
                    onReject={(event) => onReject(review, event)}
                    articleRef={(element) => {
                      if (element) articles.current.set(review._id, element);
                      else articles.current.delete(review._id);
                    }}
                  />
                </li>
              ))}
              </Stack>
            ) : null}
            {total > ADMIN_REVIEW_PAGE_SIZE ? (
              <Paper variant="outlined">
                <AddressPagination count={total} page={page} pageSize={ADMIN_REVIEW_PAGE_SIZE} pageSizes={PAGE_SIZES} update={update} />
              </Paper>
            ) : null}
          </>
        ) : null}
      </Stack>
      {dialog ? (
        <RejectDialog
          key={dialog.review._id}
          review={dialog.review}
          open={dialog.open}
          onClose={() => setDialog((current) => (current ? { ...current, open: false } : current))}
          onGone={() => setDialog((current) => (current ? { ...current, gone: true } : current))}
          onExited={onDialogExited}
        />
      ) : null}
    </Stack>
  );
}

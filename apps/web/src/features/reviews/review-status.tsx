import type { OwnReview } from '@dukkan/contracts/reviews';
import { useTranslation } from 'react-i18next';

/** Where the shopper's own review stands: waiting for staff, published, or not (with staff's reason). */
export function useReviewStatusText(): (review: Pick<OwnReview, 'status' | 'rejectReason'>) => string {
  const { t } = useTranslation('reviews');
  return (review) => {
    if (review.status === 'approved') return t('status.approved');
    if (review.status === 'rejected') return t('status.rejected', { reason: review.rejectReason ?? '' });
    return t('status.pending');
  };
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import type { ReviewFormProps } from '../../components/review-form';

/**
 * The review form with MUI's theme and style cache around it, loaded when a shopper first opens
 * it: the product page draws no MUI (decision 0044), and most visitors never write a review.
 */
const ReviewFormInScope = lazy(async () => {
  const [{ ReviewForm }, { MuiScope }] = await Promise.all([import('../../components/review-form'), import('../../components/mui/mui-scope')]);
  return {
    default: function ReviewFormInMuiScope(props: ReviewFormProps) {
      return (
        <MuiScope>
          <ReviewForm {...props} />
        </MuiScope>
      );
    },
  };
});

/** The review form (components/review-form.tsx), saying it is on its way while its code loads. */
export function LazyReviewForm(props: ReviewFormProps) {
  const { t } = useTranslation('reviews');
  return (
    <Suspense
      fallback={
        <p role="status" className="dk-muted">
          {t('form.loading')}
        </p>
      }
    >
      <ReviewFormInScope {...props} />
    </Suspense>
  );
}

import { REVIEW_REASON_MAX, RejectReviewBodySchema, type AdminReview } from '@dukkan/contracts/reviews';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from '../../app/action-dialog';
import { useRejectReviewMutation } from '../../app/api/reviews-api';
import { failureOf } from '../../app/errors';
import { contractResolver, wordingOf } from '../../app/form';

interface RejectFields {
  reason: string;
}

/**
 * Rejects a review with the reason the shopper is told (required, at most `REVIEW_REASON_MAX`
 * characters, checked by the contract before it is sent). The API's failure stays inline; success
 * is said in a toast and closes the dialog. `onGone` says the review has left the list (rejected,
 * or no longer there: 404), so the focus goes on to the next one once the dialog has closed.
 */
export function RejectDialog({ review, open, onClose, onExited, onGone }: { review: AdminReview; open: boolean; onClose: () => void; onExited: () => void; onGone: () => void }) {
  const { t } = useTranslation();
  const [rejectReview, rejecting] = useRejectReviewMutation();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RejectFields>({
    defaultValues: { reason: '' },
    resolver: contractResolver(RejectReviewBodySchema, { bodyOf: (fields: RejectFields) => fields, wording: wordingOf(t) }),
  });
  const problem = formState.errors.reason;

  async function onReject({ reason }: RejectFields) {
    const result = await rejectReview({ id: review._id, reason: reason.trim() });
    if (result.error) {
      const failure = failureOf(result.error);
      if (failure.status === 404) onGone();
      setError(failure.status === 404 ? t('reviews.gone') : failure.message || t('app.networkError'));
      return;
    }
    toast.success(t('reviews.rejected'));
    onGone();
    onClose();
  }

  return (
    <ActionDialog
      open={open}
      title={t('reviews.rejectTitle', { title: review.title })}
      confirmLabel={t('reviews.doReject')}
      cancelLabel={t('reviews.cancel')}
      busy={rejecting.isLoading}
      error={error}
      onConfirm={() => void handleSubmit(onReject)()}
      onClose={onClose}
      onExited={onExited}
      destructive
    >
      <Typography sx={{ mb: 2 }}>{t('reviews.rejectText')}</Typography>
      <TextField
        label={t('reviews.rejectReason')}
        required
        fullWidth
        multiline
        minRows={3}
        autoFocus
        {...register('reason')}
        error={Boolean(problem)}
        helperText={problem?.message ?? t('validation.tooLong', { count: REVIEW_REASON_MAX })}
      />
    </ActionDialog>
  );
}

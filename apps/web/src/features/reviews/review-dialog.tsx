import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { ReviewForm, type ReviewFormProps } from '../../components/review-form';

export interface ReviewDialogProps extends Omit<ReviewFormProps, 'labelledBy' | 'onCancel'> {
  open: boolean;
  /** The product reviewed, named in the dialog's title. */
  title: string;
  onClose: () => void;
  /** The dialog has gone (after its transition): the caller puts the focus back. */
  onExited: () => void;
}

/**
 * The review form in a dialog titled 'Write a review of {title}': the focus stays inside it while
 * it is open, and Escape, the close button or Cancel closes it. Loaded with the first one opened
 * (features/reviews/order-line-review.tsx).
 */
export default function ReviewDialog({ open, title, onClose, onExited, ...form }: ReviewDialogProps) {
  const { t } = useTranslation('reviews');
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // The caller puts the focus back: on its thanks once the review is sent.
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId} sx={{ pe: 7 }}>
        {t('writeOf', { title })}
      </DialogTitle>
      <IconButton aria-label={t('form.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <ReviewForm labelledBy={titleId} onCancel={onClose} {...form} />
      </DialogContent>
    </Dialog>
  );
}

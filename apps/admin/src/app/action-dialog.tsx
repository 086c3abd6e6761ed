import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';

/**
 * A confirmation: a titled dialog holding a form, a confirm and a cancel button, and the API's
 * message inline when the action failed. Focus goes where `onExited` puts it once it has closed
 * (see `useFocusReturn`), not back to a button that may be gone.
 */
export function ActionDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
  onExited,
  destructive = false,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  onExited: () => void;
  destructive?: boolean;
}) {
  const titleId = useId();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onConfirm();
  }
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      disableRestoreFocus
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Where focus goes after a dialog: back to the control that opened it when it is still there and
 * usable, otherwise to `fallback` (a heading with tabIndex -1 near the actions).
 */
export function useFocusReturn(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: (element: HTMLElement | null) => {
      opener.current = element;
    },
    restore: () => {
      const target = opener.current;
      if (target?.isConnected && !target.hasAttribute('disabled')) target.focus();
      else fallback.current?.focus();
    },
  };
}

import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** Unavailable: the words dim; while its own request runs they give way to the spinner (as MUI's `loading` shows it). */
const waitingSx = {
  '&[aria-disabled="true"]': { color: 'action.disabled', cursor: 'default' },
  '&[aria-busy="true"]': { color: 'transparent' },
} as const;

export type BusyButtonProps = Omit<ButtonProps, 'loading' | 'disabled' | 'sx'> & {
  /** Its request is running: a spinner, and presses are ignored. */
  busy: boolean;
  /** Presses are ignored (another request of the same item is running), without a spinner. */
  waiting?: boolean;
};

/**
 * A button that can wait for a request: marked `aria-disabled` rather than disabled while it
 * waits. MUI's `loading` disables the button, and a disabled button drops the keyboard focus to
 * the page; this one keeps it, for the press after.
 */
export function BusyButton({ busy, waiting = false, onClick, children, ...props }: BusyButtonProps) {
  const unavailable = busy || waiting;
  return (
    <Button {...props} aria-disabled={unavailable || undefined} aria-busy={busy || undefined} onClick={unavailable ? undefined : onClick} sx={waitingSx}>
      {children}
      {busy ? <CircularProgress aria-hidden="true" size={16} sx={{ position: 'absolute', color: 'action.disabled' }} /> : null}
    </Button>
  );
}

type ToastKind = 'success' | 'error' | 'blank';

export interface NotifyOptions {
  /** How long it stays, in ms; otherwise the kind's default (spec section 9). */
  duration?: number;
  /** A toast with the id of one on screen replaces it instead of stacking a second. */
  id?: string;
}

/**
 * Shows a toast. react-hot-toast (and its styling library) loads on the first toast instead of
 * with the first page; pages that already load it may import `toast` directly.
 */
export async function notify(kind: ToastKind, message: string, options: NotifyOptions = {}): Promise<void> {
  const { toast } = await import('react-hot-toast');
  if (kind === 'blank') toast(message, options);
  else toast[kind](message, options);
}

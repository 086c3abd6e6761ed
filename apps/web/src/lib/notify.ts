type ToastKind = 'success' | 'error' | 'blank';

/**
 * Shows a toast. react-hot-toast (and its styling library) loads on the first toast instead of
 * with the first page; pages that already load it may import `toast` directly.
 */
export async function notify(kind: ToastKind, message: string): Promise<void> {
  const { toast } = await import('react-hot-toast');
  if (kind === 'blank') toast(message);
  else toast[kind](message);
}

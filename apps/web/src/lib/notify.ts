type ToastKind = 'success' | 'error' | 'blank';

export interface NotifyOptions {
  /** How long it stays, in ms; otherwise the kind's default (spec section 9). */
  duration?: number;
  /** A toast with the id of one on screen replaces it instead of stacking a second. */
  id?: string;
}

let toastsWanted = false;
const wantedListeners = new Set<() => void>();

/** Whether a toast has been asked for on this page: the container mounts from then on. */
export function toastsAreWanted(): boolean {
  return toastsWanted;
}

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => {
    wantedListeners.delete(listener);
  };
}

/**
 * Shows a toast. react-hot-toast (and its styling library) loads on the first toast instead of
 * with the first page, and so does the container (app/providers.tsx): toasts go through here.
 */
export async function notify(kind: ToastKind, message: string, options: NotifyOptions = {}): Promise<void> {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of wantedListeners) listener();
  }
  const { toast } = await import('react-hot-toast');
  if (kind === 'blank') toast(message, options);
  else toast[kind](message, options);
}

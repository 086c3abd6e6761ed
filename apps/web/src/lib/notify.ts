import type * as HotToast from 'react-hot-toast';

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
 * react-hot-toast, for a toast about to be shown: it loads with the page's first toast instead of
 * with the first page, and so does its container (app/providers.tsx), which this asks for. Every
 * toast of the storefront is raised through here (`notify`, the wish list's sign-in toast).
 */
export function loadToasts(): Promise<typeof HotToast> {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of wantedListeners) listener();
  }
  return import('react-hot-toast');
}

/** Shows a toast (react-hot-toast loads with the first: `loadToasts`). */
export async function notify(kind: ToastKind, message: string, options: NotifyOptions = {}): Promise<void> {
  const { toast } = await loadToasts();
  if (kind === 'blank') toast(message, options);
  else toast[kind](message, options);
}

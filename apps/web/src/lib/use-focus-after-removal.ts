import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** Whether the keyboard focus is nowhere in particular: on the page itself, as when its element left the page. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

export interface FocusAfterRemoval {
  /** The list's heading: focus goes there when no entry is left. It needs `tabIndex={-1}`. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The shopper asked to remove the entry `id` (its request is on its way). */
  removing: (id: string) => void;
  /** That removal was refused: the entry stays, and so does focus. */
  removalFailed: (id: string) => void;
}

/**
 * Where focus goes when an entry the shopper removed leaves a list of theirs (cart lines,
 * wish-list items): the pressed button goes with the entry, and the focus would fall to the page.
 * It moves to the next entry (the previous one for the last), to the element `targetIdOf(id)`
 * names (its title link), else to the list's heading; unless the shopper has put it elsewhere
 * meanwhile. `ids` are the entries as shown, in order.
 */
export function useFocusAfterRemoval(ids: readonly string[] | undefined, targetIdOf: (id: string) => string): FocusAfterRemoval {
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  // The entry being removed, and the entry that takes focus once it is gone.
  const pending = useRef<{ removed: string; next: string | null } | null>(null);
  const shown = useRef(ids);
  useEffect(() => {
    shown.current = ids;
  });

  const removing = useCallback((id: string) => {
    const entries = shown.current ?? [];
    const index = entries.indexOf(id);
    pending.current = { removed: id, next: entries[index + 1] ?? entries[index - 1] ?? null };
  }, []);

  const removalFailed = useCallback((id: string) => {
    if (pending.current?.removed === id) pending.current = null;
  }, []);

  useEffect(() => {
    const removal = pending.current;
    if (!removal || !ids || ids.includes(removal.removed)) return;
    pending.current = null;
    if (!focusIsLost()) return;
    const next = removal.next === null ? null : document.getElementById(targetIdOf(removal.next));
    (next ?? headingRef.current)?.focus();
  }, [ids, targetIdOf]);

  return { headingRef, removing, removalFailed };
}

/**
 * The history state of a move within one list (an aisle's filters, sort or page, issue #34): the
 * page stays the same page, so the focus stays on the control the shopper used and the page's
 * title is not announced again (components/layout/focus-keeper.tsx); the list announces its own
 * count. Kept in the history entry, so going back to such an entry is one too.
 */
export const LIST_NAVIGATION_STATE = { dukkanList: true } as const;

/** Whether a location's `state` marks a move within one list. */
export function isListNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { dukkanList?: unknown }).dukkanList === true;
}

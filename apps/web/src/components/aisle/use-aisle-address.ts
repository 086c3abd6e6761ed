import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { LIST_NAVIGATION_STATE } from '../../lib/list-navigation';

import { type AisleKind, type AisleState, aisleSearch, parseAisle } from './aisle-query';

export interface AisleAddress {
  state: AisleState;
  /** The address's query as it is. */
  params: URLSearchParams;
  pathname: string;
  /** The address of `next` on this page (`/Grocery?brand=Acme`). */
  hrefOf: (next: AisleState) => string;
  /** Goes to `next` in the browser, as a new history entry, the scroll and the focus left where they are. */
  go: (next: AisleState) => void;
}

/** The aisle the page's address describes, and how to move to another. */
export function useAisleAddress(kind: AisleKind): AisleAddress {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const state = useMemo(() => parseAisle(params, kind), [params, kind]);
  const hrefOf = useCallback((next: AisleState) => `${pathname}${aisleSearch(next, params)}`, [pathname, params]);
  const go = useCallback(
    (next: AisleState) => {
      const nextSearch = aisleSearch(next, params);
      if (nextSearch === search) return;
      void navigate({ pathname, search: nextSearch }, { preventScrollReset: true, state: LIST_NAVIGATION_STATE });
    },
    [navigate, pathname, params, search],
  );
  return { state, params, pathname, hrefOf, go };
}

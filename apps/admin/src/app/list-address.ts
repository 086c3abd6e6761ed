import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The page sizes a list offers; the first is the default, left out of the address. */
export const PAGE_SIZES = [25, 50, 100];
const DEFAULT_PAGE_SIZE = 25;
/** A day as the address and the API write it: `2026-11-20`. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Sets some of the address's parameters (empty: removed); unless told otherwise, the list starts again at page 1. */
export type UpdateAddress = (changes: Record<string, string>, toFirstPage?: boolean) => void;

/**
 * A paged list whose state lives in the address: its parameters, the page (from 1) and page size
 * they name, and `update` to change them. `updateLater` is for a timer: it calls the newest
 * `update`, since an older one would set the address from the parameters of its render.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : DEFAULT_PAGE_SIZE;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));

  const update: UpdateAddress = (changes, toFirstPage = true) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '') next.delete(key);
          else next.set(key, value);
        }
        if (toFirstPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const latestUpdate = useRef(update);
  useEffect(() => {
    latestUpdate.current = update;
  });
  const updateLater = useCallback<UpdateAddress>((changes, toFirstPage) => latestUpdate.current(changes, toFirstPage), []);

  return { params, page, pageSize, update, updateLater };
}

/** The address's value for a page size: empty for the default one. */
export function pageSizeParam(pageSize: number | string): string {
  return String(pageSize) === String(DEFAULT_PAGE_SIZE) ? '' : String(pageSize);
}

/** The address's value for a page counted from 0: empty for the first one. */
export function pageParam(index: number): string {
  return index === 0 ? '' : String(index + 1);
}

/** The day the address names under `key`, or '' when it is missing or not a day. */
export function dayParam(params: URLSearchParams, key: string): string {
  const value = params.get(key) ?? '';
  return DAY.test(value) ? value : '';
}

/**
 * Runs a function once typing has stopped for 300 ms: each call starts the wait again, and the
 * wait ends with the component.
 */
export function useAfterTyping() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((run: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, 300);
  }, []);
}

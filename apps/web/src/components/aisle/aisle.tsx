import type { AisleFacets, AislePageResponse } from '@dukkan/contracts/aisle';
import { formatPrice } from '@dukkan/contracts/format';
import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatCount } from '../../lib/format-count';
import { LIST_NAVIGATION_STATE } from '../../lib/list-navigation';
import { useLanguage } from '../../lib/use-language';

import { AisleFilters, type PriceDraft } from './aisle-filters';
import {
  AISLE_PAGE_SIZE,
  AISLE_SORT_OPTIONS,
  type AisleKind,
  type AisleState,
  type MultiFilter,
  MULTI_FILTERS,
  carriedParams,
  changed,
  chosenCount,
  parseAisle,
  sameAisle,
  stateOfForm,
  withoutFilters,
} from './aisle-query';
import { useAisleAddress } from './use-aisle-address';

// The phone's dialog of filters is drawn only when opened: its code comes then.
const AisleDialog = lazy(() => import('./aisle-dialog'));

const priceOf = (state: AisleState): PriceDraft => ({ min: state.minPrice ?? '', max: state.maxPrice ?? '' });

/** `state` with the price fields as typed, read as the address would read them. */
function withPrice(state: AisleState, price: PriceDraft, kind: AisleKind): AisleState {
  const params = new URLSearchParams([
    ['minPrice', price.min],
    ['maxPrice', price.max],
  ]);
  const { minPrice, maxPrice } = parseAisle(params, kind);
  return changed(state, { minPrice, maxPrice });
}

/** The pages a pager links: the first, the last, and two either side of the current one; `null` is a gap. */
export function pagesAround(page: number, pages: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pages; n += 1) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

interface Chip {
  key: string;
  label: string;
  without: AisleState;
}

/** The chosen filters, each with the aisle without it. */
function chipsOf(state: AisleState, facets: AisleFacets | undefined, t: ReturnType<typeof useTranslation<'catalog'>>['t']): Chip[] {
  const chips: Chip[] = [];
  const labelOf = (name: MultiFilter, value: string) => facets?.[name]?.find((entry) => entry.value === value)?.label ?? value;
  for (const name of MULTI_FILTERS) {
    for (const value of state[name]) {
      chips.push({ key: `${name}=${value}`, label: labelOf(name, value), without: changed(state, { [name]: state[name].filter((one) => one !== value) }) });
    }
  }
  const { minPrice, maxPrice } = state;
  if (minPrice !== undefined || maxPrice !== undefined) {
    const min = minPrice === undefined ? '' : formatPrice(Number(minPrice));
    const max = maxPrice === undefined ? '' : formatPrice(Number(maxPrice));
    const label =
      minPrice !== undefined && maxPrice !== undefined
        ? t('aisle.priceRange', { min, max })
        : minPrice !== undefined
          ? t('aisle.priceFrom', { min })
          : t('aisle.priceUpTo', { max });
    chips.push({ key: 'price', label, without: changed(state, { minPrice: undefined, maxPrice: undefined }) });
  }
  if (state.rating !== undefined) chips.push({ key: 'rating', label: t('aisle.stars', { count: state.rating }), without: changed(state, { rating: undefined }) });
  if (state.inStock) chips.push({ key: 'inStock', label: t('aisle.inStock'), without: changed(state, { inStock: false }) });
  if (state.onSale) chips.push({ key: 'onSale', label: t('aisle.onSale'), without: changed(state, { onSale: false }) });
  return chips;
}

export interface AisleProps {
  kind: AisleKind;
  /** The latest answer (of an earlier choice while the current one loads). */
  response: AislePageResponse | undefined;
  /** The answer of the current choice is on its way. */
  busy: boolean;
  /** The list: its cards or rows, its loading and error states. */
  children: ReactNode;
}

/**
 * An aisle (issue #34): above its list, the number of results (announced when it changes), the
 * sort, the chosen filters as chips with 'Clear all'; beside it (below 900 px in a dialog the
 * 'Filters' button opens) the filters' form; below it, numbered pages. Everything is in the
 * address and works without scripts; with them a choice applies at once, in the browser, the
 * focus staying on the control used.
 */
export function Aisle({ kind, response, busy, children }: AisleProps) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { state, params, pathname, hrefOf, go } = useAisleAddress(kind);
  const formId = useId();
  const sortId = useId();
  const listTop = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);
  /** The control the shopper used last: focus goes back to it when the list re-renders it elsewhere. */
  const lastControl = useRef<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  // What is chosen, ahead of the address while it changes; the address wins when it moves (back).
  const [draft, setDraft] = useState(state);
  const [price, setPrice] = useState(() => priceOf(state));
  const [shownState, setShownState] = useState(state);
  if (!sameAisle(shownState, state)) {
    setShownState(state);
    setDraft(state);
    setPrice(priceOf(state));
  }

  const choose = useCallback(
    (next: AisleState, control: string | null) => {
      lastControl.current = control;
      setDraft(next);
      setPrice(priceOf(next));
      go(next);
    },
    [go],
  );

  const closeDialog = () => {
    setDialogOpen(false);
    window.requestAnimationFrame(() => filtersButton.current?.focus());
  };

  const applyPrice = (event: FormEvent<HTMLFormElement> | undefined) => {
    event?.preventDefault();
    const next = withPrice(draft, price, kind);
    if (!sameAisle(next, draft)) choose(next, null);
    else setPrice(priceOf(draft));
    if (event && dialogOpen) closeDialog();
  };

  // What the shopper chose before the page was live (a box ticked while its script loaded) counts:
  // the form as it stands once hydrated is applied (lib/early-events.ts holds presses, not ticks).
  const formRead = useRef(false);
  useLayoutEffect(() => {
    const form = formRef.current;
    // Once, as the form is first shown.
    if (formRead.current || !form) return;
    formRead.current = true;
    const chosen = stateOfForm(form, kind);
    if (!sameAisle({ ...chosen, page: state.page }, state)) choose(chosen, null);
  }, [choose, kind, state]);

  // The control used stays focused when the list re-renders it in another place (counts reorder values).
  useLayoutEffect(() => {
    const key = lastControl.current;
    const active = document.activeElement;
    if (!key || (active && active !== document.body)) return;
    const selector = `[data-control="${CSS.escape(key)}"]`;
    const control = dialogOpen ? document.querySelector<HTMLElement>(`dialog[open] ${selector}`) : formRef.current?.querySelector<HTMLElement>(selector);
    control?.focus({ preventScroll: true });
  });

  const facets = response?.facets;
  const chips = chipsOf(state, facets, t);
  const chosen = chosenCount(state);
  const total = response?.total;
  const pages = response ? Math.max(1, Math.ceil(response.total / AISLE_PAGE_SIZE)) : 1;
  const carried = carriedParams(params);

  /** A chip's link: the chip goes with the filter, so the focus moves to the next chip, 'Clear all' or the count. */
  const removeChip = (index: number) => {
    lastControl.current = null;
    window.requestAnimationFrame(() => {
      const links = chipsRef.current?.querySelectorAll<HTMLElement>('a');
      const target = links?.[Math.min(index, links.length - 2)] ?? links?.[links.length - 1];
      if (target) target.focus();
      else listTop.current?.focus();
    });
  };

  const filterProps = {
    kind,
    action: pathname,
    carried,
    state: draft,
    price,
    facets,
    onChoose: choose,
    onPriceChange: setPrice,
    onApply: applyPrice,
  };

  return (
    <div className="dk-aisle">
      <div className="dk-aisle__filters">
        <AisleFilters {...filterProps} formId={formId} formRef={formRef} />
      </div>
      <div className="dk-aisle__main">
        <div className="dk-aisle__bar" ref={listTop} tabIndex={-1}>
          <p className="dk-aisle__count" role="status">
            {total === undefined ? null : t('aisle.results', { count: total, formatted: formatCount(total, lng) })}
          </p>
          <div className="dk-aisle__sort">
            <label htmlFor={sortId}>{t('aisle.sortBy')}</label>
            <select
              id={sortId}
              name="sort"
              form={formId}
              className="dk-aisle__select"
              value={draft.sort ?? AISLE_SORT_OPTIONS[kind][0]}
              data-control="sort"
              onChange={(event) => {
                const value = event.currentTarget.value;
                const sort = AISLE_SORT_OPTIONS[kind].find((option) => option === value);
                choose(changed(draft, { sort: sort === AISLE_SORT_OPTIONS[kind][0] ? undefined : sort }), 'sort');
              }}
            >
              {AISLE_SORT_OPTIONS[kind].map((option) => (
                <option key={option} value={option}>
                  {t(`aisle.sort.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            ref={filtersButton}
            className="dk-button dk-button--outlined dk-aisle__filters-button"
            aria-haspopup="dialog"
            onClick={() => setDialogOpen(true)}
          >
            {chosen > 0 ? t('aisle.filtersChosen', { count: chosen }) : t('aisle.filters')}
          </button>
        </div>
        {chips.length > 0 ? (
          <ul className="dk-aisle__chips" aria-label={t('aisle.chosen')} ref={chipsRef}>
            {chips.map((chip, index) => (
              <li key={chip.key}>
                <Link
                  className="dk-aisle-chip"
                  to={hrefOf(chip.without)}
                  preventScrollReset
                  state={LIST_NAVIGATION_STATE}
                  onClick={() => removeChip(index)}
                >
                  {chip.label}
                  <span className="dk-visually-hidden">, {t('aisle.remove')}</span>
                  <span className="dk-aisle-chip__x" aria-hidden="true">
                    ×
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link
                className="dk-aisle-chip dk-aisle-chip--clear"
                to={hrefOf(withoutFilters(state))}
                preventScrollReset
                state={LIST_NAVIGATION_STATE}
                onClick={() => {
                  lastControl.current = null;
                  window.requestAnimationFrame(() => listTop.current?.focus());
                }}
              >
                {t('aisle.clearAll')}
              </Link>
            </li>
          </ul>
        ) : null}
        <div className="dk-aisle__list" aria-busy={busy || undefined}>
          {response && response.total === 0 && chosen > 0 ? <p className="dk-muted dk-grid-empty">{t('aisle.none')}</p> : null}
          {children}
        </div>
        {pages > 1 ? (
          <nav className="dk-pager" aria-label={t('aisle.pages')}>
            <ul>
              {state.page > 1 ? (
                <li>
                  <PageLink href={hrefOf({ ...state, page: state.page - 1 })} onFollow={() => listTop.current?.scrollIntoView({ block: 'start' })}>
                    {t('aisle.previous')}
                  </PageLink>
                </li>
              ) : null}
              {pagesAround(state.page, pages).map((page, index) =>
                page === null ? (
                  <li key={`gap-${index}`} aria-hidden="true" className="dk-pager__gap">
                    …
                  </li>
                ) : (
                  <li key={page}>
                    <PageLink
                      href={hrefOf({ ...state, page })}
                      current={page === state.page}
                      onFollow={() => listTop.current?.scrollIntoView({ block: 'start' })}
                    >
                      {formatCount(page, lng)}
                    </PageLink>
                  </li>
                ),
              )}
              {state.page < pages ? (
                <li>
                  <PageLink href={hrefOf({ ...state, page: state.page + 1 })} onFollow={() => listTop.current?.scrollIntoView({ block: 'start' })}>
                    {t('aisle.next')}
                  </PageLink>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </div>
      {dialogOpen ? (
        <Suspense fallback={null}>
          <AisleDialog title={chosen > 0 ? t('aisle.filtersChosen', { count: chosen }) : t('aisle.filters')} closeLabel={t('aisle.close')} onClose={closeDialog}>
            <AisleFilters {...filterProps} formId={`${formId}dialog`} />
          </AisleDialog>
        </Suspense>
      ) : null}
    </div>
  );
}

function PageLink({ href, current = false, onFollow, children }: { href: string; current?: boolean; onFollow: () => void; children: ReactNode }) {
  return (
    <Link
      to={href}
      className="dk-pager__link"
      aria-current={current ? 'page' : undefined}
      preventScrollReset
      state={LIST_NAVIGATION_STATE}
      onClick={() => {
        // The list's top comes into view; the focus stays on the link used.
        onFollow();
      }}
    >
      {children}
    </Link>
  );
}

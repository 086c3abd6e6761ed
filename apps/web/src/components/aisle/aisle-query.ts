import type { AisleSort } from '@dukkan/contracts/aisle';
import { AISLE_RATINGS, MAX_FACET_VALUES } from '@dukkan/contracts/limits';

/*
 * An aisle's state as its address holds it (issue #34): `/Grocery?brand=Acme&minPrice=5&sort=price_asc&page=2`,
 * `/search?q=tea&rating=4`. The address is the one source of truth: the server renders it, the
 * filters' GET form and the links write it, the browser's back button returns to it. Only types
 * come from the contract's aisle module (its schemas would pull Zod into the page's chunk).
 */

/** A department's list, or a search's. */
export type AisleKind = 'department' | 'search';

/** Products a page of an aisle shows. */
export const AISLE_PAGE_SIZE = 24;

/** The sorts each aisle offers, its default first (the contract's `AISLE_SORTS`, per aisle). */
export const AISLE_SORT_OPTIONS = {
  department: ['featured', 'price_asc', 'price_desc', 'newest', 'rating'],
  search: ['relevance', 'price_asc', 'price_desc', 'newest', 'rating'],
} as const satisfies Record<AisleKind, readonly AisleSort[]>;

/** What a shopper chose in an aisle; unset and empty mean "not narrowed". */
export interface AisleState {
  /** Unset: the aisle's default order. */
  sort?: AisleSort;
  brand: readonly string[];
  /** A department's subcategories (names). */
  subcategory: readonly string[];
  /** Search only: departments (names). */
  department: readonly string[];
  /** Dollars as the address spells them (`3.49`). */
  minPrice?: string;
  maxPrice?: string;
  /** 1–4: rated at least that. */
  rating?: number;
  inStock: boolean;
  onSale: boolean;
  /** From 1. */
  page: number;
}

/** The repeatable filters. */
export const MULTI_FILTERS = ['brand', 'subcategory', 'department'] as const;
export type MultiFilter = (typeof MULTI_FILTERS)[number];

/** The address's parameters that belong to an aisle; any other (`q`, `lng`) is carried along as it is. */
const AISLE_PARAMS = new Set(['sort', 'page', 'pageSize', ...MULTI_FILTERS, 'minPrice', 'maxPrice', 'rating', 'inStock', 'onSale']);

/** The contract's amount in dollars: up to seven digits, up to two decimals. */
const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;
const MAX_PAGE = 10_000;

const isSort = (kind: AisleKind, value: string | null): value is AisleSort =>
  value !== null && (AISLE_SORT_OPTIONS[kind] as readonly string[]).includes(value);

function dollars(value: string | null): string | undefined {
  const text = value?.trim() ?? '';
  return DOLLARS.test(text) ? text : undefined;
}

/** Whole cents of an amount the address holds (`3.49` → 349), never through a float. */
export function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const flag = (value: string | null) => value === '1' || value === 'true';

function values(params: URLSearchParams, name: MultiFilter): string[] {
  return [...new Set(params.getAll(name).filter((value) => value !== ''))].slice(0, MAX_FACET_VALUES);
}

/**
 * The aisle an address describes. What the API would refuse is left out rather than failing the
 * page (a hand-typed `minPrice=abc`, a `rating=9`, `relevance` on a department): the shopper sees
 * the list without it. A minimum above the maximum is read the other way round.
 */
export function parseAisle(params: URLSearchParams, kind: AisleKind): AisleState {
  const sort = params.get('sort');
  const rating = Number(params.get('rating'));
  const page = Number(params.get('page'));
  let minPrice = dollars(params.get('minPrice'));
  let maxPrice = dollars(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && centsOf(minPrice) > centsOf(maxPrice)) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    ...(isSort(kind, sort) && sort !== AISLE_SORT_OPTIONS[kind][0] ? { sort } : {}),
    brand: values(params, 'brand'),
    subcategory: kind === 'department' ? values(params, 'subcategory') : [],
    department: kind === 'search' ? values(params, 'department') : [],
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...((AISLE_RATINGS as readonly number[]).includes(rating) ? { rating } : {}),
    inStock: flag(params.get('inStock')),
    onSale: flag(params.get('onSale')),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The aisle's parameters, in a fixed order, defaults left out: what the address and the API are given. */
export function aisleParams(state: AisleState): [string, string][] {
  const entries: [string, string][] = [];
  for (const name of MULTI_FILTERS) for (const value of state[name]) entries.push([name, value]);
  if (state.minPrice !== undefined) entries.push(['minPrice', state.minPrice]);
  if (state.maxPrice !== undefined) entries.push(['maxPrice', state.maxPrice]);
  if (state.rating !== undefined) entries.push(['rating', String(state.rating)]);
  if (state.inStock) entries.push(['inStock', '1']);
  if (state.onSale) entries.push(['onSale', '1']);
  if (state.sort !== undefined) entries.push(['sort', state.sort]);
  if (state.page > 1) entries.push(['page', String(state.page)]);
  return entries;
}

/**
 * The address's query (`?…`, or '' when there is nothing) of `state`, keeping the address's other
 * parameters (`q` first, then `lng`) from `current`.
 */
export function aisleSearch(state: AisleState, current: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const [name, value] of current) if (!AISLE_PARAMS.has(name)) next.append(name, value);
  for (const [name, value] of aisleParams(state)) next.append(name, value);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** The address's parameters that are not the aisle's (`q`, `lng`), which its links and its form carry along. */
export function carriedParams(params: URLSearchParams): [string, string][] {
  return [...params].filter(([name]) => !AISLE_PARAMS.has(name));
}

/** How many filters are chosen (the 'Filters (2)' button): each value, the price range and each yes-or-no once. */
export function chosenCount(state: AisleState): number {
  return (
    state.brand.length +
    state.subcategory.length +
    state.department.length +
    (state.minPrice !== undefined || state.maxPrice !== undefined ? 1 : 0) +
    (state.rating !== undefined ? 1 : 0) +
    (state.inStock ? 1 : 0) +
    (state.onSale ? 1 : 0)
  );
}

/** The same aisle without any filter (the sort kept), from its first page. */
export function withoutFilters(state: AisleState): AisleState {
  return { ...(state.sort ? { sort: state.sort } : {}), brand: [], subcategory: [], department: [], inStock: false, onSale: false, page: 1 };
}

/** A change of filters or sort starts again from the first page. */
export function changed(state: AisleState, change: Partial<AisleState>): AisleState {
  const { sort, minPrice, maxPrice, rating, ...rest } = { ...state, ...change };
  // An unset choice is left out, not kept as `undefined`.
  return {
    ...rest,
    ...(sort === undefined ? {} : { sort }),
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(rating === undefined ? {} : { rating }),
    page: change.page ?? 1,
  };
}

/** `value` added to or taken from a repeatable filter. */
export function toggled(state: AisleState, name: MultiFilter, value: string, on: boolean): AisleState {
  const rest = state[name].filter((one) => one !== value);
  return changed(state, { [name]: on ? [...rest, value] : rest });
}

/** The state a filter form holds: its fields (the sort's too, which belongs to it by `form=`) as the browser would send them. */
export function stateOfForm(form: HTMLFormElement, kind: AisleKind): AisleState {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return parseAisle(params, kind);
}

/** Whether two states are the same aisle (the same address). */
export function sameAisle(a: AisleState, b: AisleState): boolean {
  return new URLSearchParams(aisleParams(a)).toString() === new URLSearchParams(aisleParams(b)).toString();
}

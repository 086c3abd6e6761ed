import { MAX_FACET_VALUES, type AisleFilters, type AisleSort } from '@dukkan/contracts/aisle';
import { and, asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { products, stockLedger } from '../../db/schema';
import { readCatalogVersion } from '../../lib/catalog-version';
import { LeastKept } from '../../lib/least-kept';

import type { FacetRow } from './aisle';

/*
 * A department's aisle kept ahead of time (issue #34, docs/decisions/0056): the few columns its
 * filters, counts and sorts read, for each published product of the department, in columns of
 * typed arrays, in catalog order. Counting a department's facets over it is one pass of the
 * department in memory (Grocery at a million products: 120 000 entries, a few milliseconds)
 * where the database took hundreds; a page is found by walking a sort's order.
 *
 * It is a cache derived from the database, one per process and department, never something
 * another process must see: it is read again when the catalog's version moves (the request that
 * finds the move waits for it, so a write is visible on the next answer as before; requests
 * meanwhile are answered from the aisle before). Sales and restocks change stock
 * without moving the version; each goes through the stock ledger, so once the aisle's stock is
 * older than STOCK_REFRESH_MS the next request first reads the stock of the products the ledger
 * names since then — a few rows, not the department — so an answer's in-stock figures are those
 * of at most that long ago, like the answer cache's.
 */

/** How old an aisle's stock may grow before the ledger's changes since are read. */
export const STOCK_REFRESH_MS = 2_000;
/**
 * How far back before the last reading the ledger is read again: a ledger row carries its
 * transaction's start, which may come before a reading that its commit follows.
 */
const STOCK_OVERLAP = '1 minute';

/** Bits of `flags`. */
export const IN_STOCK = 1;
export const ON_SALE = 2;

export interface DepartmentAisle {
  /** The catalog version it was read at. */
  version: number;
  /** When (on the database's clock) its stock was last read. */
  stockAt: string;
  /** Date.now() then. */
  stockReadAt: number;
  size: number;
  /** Each product's id as four 32-bit words (a uuid's 16 bytes), big-endian: compared as the database compares uuids. */
  idWords: Uint32Array;
  /** Index into `brands`. */
  brand: Uint32Array;
  /** English and Arabic names of each brand, by index. */
  brands: { en: string; ar: string }[];
  /** A brand's index by its English name. */
  brandIndex: Map<string, number>;
  /** Index into `subcategoryIds`. */
  subcategory: Uint16Array;
  subcategoryIds: string[];
  /** Index into `departmentIds`: the whole catalog's aisle only (search's, decision 0058). */
  department: Uint16Array | undefined;
  departmentIds: string[];
  price: Int32Array;
  ratingTenths: Int16Array;
  reviews: Int32Array;
  /** IN_STOCK, ON_SALE. */
  flags: Uint8Array;
  /** Creation in microseconds since 1970 (exact as a double: below 2^53). */
  created: Float64Array;
  /**
   * Each sort's order of the entries, made when the aisle is read. Featured is the entries' own
   * in a department's aisle; the whole catalog's numbers its entries by department and
   * subcategory instead (groupBySubcategory) and keeps catalog order here.
   */
  orders: Map<AisleSort, Uint32Array>;
  /** The whole catalog's aisle only: each entry's place in catalog order (the inverse of featured's order). */
  catalogRank?: Uint32Array;
  /**
   * The entries grouped by brand, each brand's in price order (price_asc's: price, then id):
   * brand b's are `byBrandPrice[brandStart[b]]` to `byBrandPrice[brandStart[b + 1] - 1]`.
   */
  byBrandPrice: Uint32Array;
  brandStart: Uint32Array;
  /** The entries in id order, made when stock first changes (entryOf). */
  byId?: Uint32Array;
  /** The facet rows of recent choices of filters (countInMemory). */
  facets: Map<string, FacetRow[]>;
  /**
   * The whole catalog's aisle only: each entry's facet columns side by side, four words an entry
   * (brand; subcategory | department << 16; price; rating tenths | flags << 16), so a search's
   * facet pass over matches spread across a million entries reads one cache line an entry, not seven.
   */
  packed?: Int32Array;
}

/** The database the aisle is kept for (a transaction's would outlive it). */
type Reader = Database;

export interface AisleRow extends Record<string, unknown> {
  id: string;
  /** Read for the whole catalog's aisle only. */
  category_id?: string;
  brand_en: string;
  brand_ar: string;
  subcategory_id: string;
  price_cents: number;
  on_sale: boolean;
  rating_tenths: number;
  review_count: number;
  in_stock: boolean;
  created_us: string | number;
}

export async function databaseNow(db: Reader): Promise<string> {
  const result = await db.execute(sql`select now()::text as at`);
  return (result as { rows: { at: string }[] }).rows[0]?.at ?? '-infinity';
}

/** A uuid's text to its four words. */
function writeIdWords(words: Uint32Array, at: number, id: string): void {
  const hex = id.replaceAll('-', '');
  for (let w = 0; w < 4; w++) words[at * 4 + w] = Number.parseInt(hex.slice(w * 8, w * 8 + 8), 16) >>> 0;
}

/** Two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Eight hex digits of a 32-bit word. */
const hexOf = (word: number) => (HEX[word >>> 24] as string) + (HEX[(word >>> 16) & 0xff] as string) + (HEX[(word >>> 8) & 0xff] as string) + (HEX[word & 0xff] as string);

/** Entry `i`'s id as the database spells it. */
export function idOf(aisle: DepartmentAisle, i: number): string {
  const words = aisle.idWords;
  const a = hexOf(words[i * 4] as number);
  const b = hexOf(words[i * 4 + 1] as number);
  const c = hexOf(words[i * 4 + 2] as number);
  const d = hexOf(words[i * 4 + 3] as number);
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

function compareIds(aisle: DepartmentAisle, a: number, b: number): number {
  const words = aisle.idWords;
  for (let w = 0; w < 4; w++) {
    const x = words[a * 4 + w] ?? 0;
    const y = words[b * 4 + w] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The columns an aisle reads of each product, as `AisleRow` names them. */
export const AISLE_COLUMNS = sql`${products.id} as id, ${products.brandEn} as brand_en, ${products.brandAr} as brand_ar,
  ${products.subcategoryId} as subcategory_id, ${products.priceCents} as price_cents,
  ${products.listPriceCents} is not null as on_sale, ${products.ratingTenths} as rating_tenths,
  ${products.reviewCount} as review_count, ${products.quantity} > 0 as in_stock,
  (extract(epoch from ${products.createdAt}) * 1000000)::bigint as created_us`;

/** Reads a department's aisle: one index-only scan of `products_aisle_idx`, in catalog order. */
async function readDepartmentAisle(db: Reader, categoryId: string, version: number): Promise<DepartmentAisle> {
  const stockAt = await databaseNow(db);
  const result = await db.execute(sql`
    select ${AISLE_COLUMNS}
    from ${products}
    where ${and(eq(products.categoryId, categoryId), eq(products.status, 'published'))}
    order by ${asc(products.position)}, ${asc(products.id)}`);
  const rows = (result as { rows: AisleRow[] }).rows;
  const aisle = emptyAisle(rows.length, version, stockAt, false);
  fillEntries(aisle, rows, 0);
  finishAisle(aisle);
  return aisle;
}

/** An aisle of `size` entries, none filled yet; with a department column for the whole catalog's. */
export function emptyAisle(size: number, version: number, stockAt: string, withDepartments: boolean): DepartmentAisle {
  return {
    version,
    stockAt,
    stockReadAt: Date.now(),
    size,
    idWords: new Uint32Array(size * 4),
    brand: new Uint32Array(size),
    brands: [],
    brandIndex: new Map(),
    subcategory: new Uint16Array(size),
    subcategoryIds: [],
    department: withDepartments ? new Uint16Array(size) : undefined,
    departmentIds: [],
    price: new Int32Array(size),
    ratingTenths: new Int16Array(size),
    reviews: new Int32Array(size),
    flags: new Uint8Array(size),
    created: new Float64Array(size),
    orders: new Map(),
    byBrandPrice: new Uint32Array(size),
    brandStart: new Uint32Array(0),
    facets: new Map(),
  };
}

/** The index of `value` in `list`, added when new (`index` finds it). */
function indexIn(list: string[], index: Map<string, number>, value: string): number {
  let at = index.get(value);
  if (at === undefined) {
    at = list.push(value) - 1;
    index.set(value, at);
  }
  return at;
}

/** Indexes of subcategories and departments by id while an aisle is filled. */
const fillIndexes = new WeakMap<DepartmentAisle, { subcategories: Map<string, number>; departments: Map<string, number> }>();

/** Fills entries `at` onwards from `rows` (in catalog order). */
export function fillEntries(aisle: DepartmentAisle, rows: AisleRow[], at: number): void {
  const { brandIndex } = aisle;
  let indexes = fillIndexes.get(aisle);
  if (!indexes) {
    indexes = { subcategories: new Map(), departments: new Map() };
    fillIndexes.set(aisle, indexes);
  }
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as AisleRow;
    const i = at + r;
    writeIdWords(aisle.idWords, i, row.id);
    let brand = brandIndex.get(row.brand_en);
    if (brand === undefined) {
      brand = aisle.brands.push({ en: row.brand_en, ar: row.brand_ar }) - 1;
      brandIndex.set(row.brand_en, brand);
    } else if (row.brand_ar < (aisle.brands[brand]?.ar ?? '')) {
      // One label per brand, the same whichever product comes first: the least Arabic name.
      (aisle.brands[brand] as { ar: string }).ar = row.brand_ar;
    }
    aisle.brand[i] = brand;
    aisle.subcategory[i] = indexIn(aisle.subcategoryIds, indexes.subcategories, row.subcategory_id);
    if (aisle.department) aisle.department[i] = indexIn(aisle.departmentIds, indexes.departments, row.category_id ?? '');
    aisle.price[i] = row.price_cents;
    aisle.ratingTenths[i] = row.rating_tenths;
    aisle.reviews[i] = row.review_count;
    aisle.flags[i] = (row.in_stock ? IN_STOCK : 0) | (row.on_sale ? ON_SALE : 0);
    aisle.created[i] = Number(row.created_us);
  }
}

/** A copy of `column` with its entries (of `width` words each) in the order `oldOf` gives. */
function permuted<T extends Uint32Array | Uint16Array | Int32Array | Int16Array | Uint8Array | Float64Array>(column: T, oldOf: Uint32Array, width = 1): T {
  const out = column.slice() as T;
  for (let e = 0; e < oldOf.length; e++) {
    const from = (oldOf[e] as number) * width;
    for (let w = 0; w < width; w++) out[e * width + w] = column[from + w] as number;
  }
  return out;
}

/**
 * Numbers a filled aisle's entries (before finishAisle) by department and subcategory, catalog
 * order within each: a word's matches, which gather in a few subcategories, then lie close
 * together in every column, and a pass over them reads memory in order (decision 0058). Keeps
 * catalog order as featured's order and each entry's place in it; returns the new number of each
 * old one, the group of each new one, and how many groups there are.
 */
export function groupBySubcategory(aisle: DepartmentAisle): { newOf: Uint32Array; groupOf: Uint32Array; groups: number } {
  const { size, subcategory } = aisle;
  const department = aisle.department ?? new Uint16Array(size);
  const subcategories = aisle.subcategoryIds.length;
  const groupOf = (i: number) => (department[i] as number) * subcategories + (subcategory[i] as number);
  const groups = Math.max(1, aisle.departmentIds.length) * subcategories;
  const start = new Uint32Array(groups + 1);
  for (let i = 0; i < size; i++) start[groupOf(i) + 1] = (start[groupOf(i) + 1] as number) + 1;
  for (let g = 1; g < start.length; g++) start[g] = (start[g] as number) + (start[g - 1] as number);
  const oldOf = new Uint32Array(size);
  const newOf = new Uint32Array(size);
  const groupOfNew = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    const g = groupOf(i);
    const e = start[g] as number;
    start[g] = e + 1;
    oldOf[e] = i;
    newOf[i] = e;
    groupOfNew[e] = g;
  }
  aisle.idWords = permuted(aisle.idWords, oldOf, 4);
  aisle.brand = permuted(aisle.brand, oldOf);
  aisle.subcategory = permuted(aisle.subcategory, oldOf);
  if (aisle.department) aisle.department = permuted(aisle.department, oldOf);
  aisle.price = permuted(aisle.price, oldOf);
  aisle.ratingTenths = permuted(aisle.ratingTenths, oldOf);
  aisle.reviews = permuted(aisle.reviews, oldOf);
  aisle.flags = permuted(aisle.flags, oldOf);
  aisle.created = permuted(aisle.created, oldOf);
  aisle.orders.set('featured', newOf);
  aisle.catalogRank = oldOf;
  return { newOf, groupOf: groupOfNew, groups };
}

/** Makes a filled aisle's orders: every one now, while it is not yet current, rather than on a shopper's request. */
export function finishAisle(aisle: DepartmentAisle): void {
  fillIndexes.delete(aisle);
  for (const sort of ['price_asc', 'price_desc', 'newest', 'rating'] as const) orderOf(aisle, sort);
  groupByBrand(aisle);
  if (aisle.department) {
    const packed = new Int32Array(aisle.size * 4);
    for (let i = 0; i < aisle.size; i++) {
      packed[i * 4] = aisle.brand[i] as number;
      packed[i * 4 + 1] = (aisle.subcategory[i] as number) | ((aisle.department[i] as number) << 16);
      packed[i * 4 + 2] = aisle.price[i] as number;
      packed[i * 4 + 3] = ratingAndFlags(aisle, i);
    }
    aisle.packed = packed;
  }
}

/** Entry `i`'s last packed word: its rating in tenths, and its flags above. */
const ratingAndFlags = (aisle: DepartmentAisle, i: number) => ((aisle.ratingTenths[i] as number) & 0xffff) | ((aisle.flags[i] as number) << 16);

/** Fills `byBrandPrice` and `brandStart`: the price order, stably grouped by brand (a counting sort). */
function groupByBrand(aisle: DepartmentAisle): void {
  const { brand, byBrandPrice } = aisle;
  const start = new Uint32Array(aisle.brands.length + 1);
  for (let i = 0; i < aisle.size; i++) start[(brand[i] as number) + 1] = (start[(brand[i] as number) + 1] as number) + 1;
  for (let b = 0; b < aisle.brands.length; b++) start[b + 1] = (start[b + 1] as number) + (start[b] as number);
  const next = start.slice(0, -1);
  for (const i of orderOf(aisle, 'price_asc') ?? []) {
    const b = brand[i] as number;
    byBrandPrice[next[b] as number] = i;
    next[b] = (next[b] as number) + 1;
  }
  aisle.brandStart = start;
}

/** The first position in [from, to) where `reached` holds, or `to` (it must hold from there on). */
export function firstWhere(from: number, to: number, reached: (k: number) => boolean): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reached(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Brand b's entries priced within the chosen range: positions in `byBrandPrice`, [from, to). */
function brandInRange(aisle: DepartmentAisle, chosen: Chosen, b: number): [number, number] {
  const { byBrandPrice, brandStart, price } = aisle;
  const start = brandStart[b] as number;
  const end = brandStart[b + 1] as number;
  if (!chosen.byPrice) return [start, end];
  const from = firstWhere(start, end, (k) => (price[byBrandPrice[k] as number] as number) >= chosen.minPrice);
  return [from, firstWhere(from, end, (k) => (price[byBrandPrice[k] as number] as number) > chosen.maxPrice)];
}

/**
 * The entries in `sort`'s order, as the database orders them (decision 0054): every sort ends on
 * the id; featured is catalog order: the entries' own (undefined) but in the whole catalog's aisle.
 */
export function orderOf(aisle: DepartmentAisle, sort: AisleSort): Uint32Array | undefined {
  if (sort === 'relevance') return undefined;
  if (sort === 'featured') return aisle.orders.get('featured');
  const made = aisle.orders.get(sort);
  if (made) return made;
  const { price, created, ratingTenths, reviews } = aisle;
  const byId = (a: number, b: number) => compareIds(aisle, a, b);
  const compare: (a: number, b: number) => number =
    sort === 'price_asc'
      ? (a, b) => (price[a] ?? 0) - (price[b] ?? 0) || byId(a, b)
      : sort === 'price_desc'
        ? (a, b) => (price[b] ?? 0) - (price[a] ?? 0) || byId(b, a)
        : sort === 'newest'
          ? (a, b) => (created[b] ?? 0) - (created[a] ?? 0) || byId(a, b)
          : (a, b) => (ratingTenths[b] ?? 0) - (ratingTenths[a] ?? 0) || (reviews[b] ?? 0) - (reviews[a] ?? 0) || byId(a, b);
  const order = Uint32Array.from({ length: aisle.size }, (_, i) => i).sort(compare);
  aisle.orders.set(sort, order);
  return order;
}

interface Kept {
  aisle?: DepartmentAisle;
  /** A read in flight: concurrent requests share it. */
  reading?: Promise<DepartmentAisle>;
  /** A stock refresh in flight. */
  refreshing?: Promise<void>;
}

/** Per database (a test's, the app's), per department. */
const kept = new WeakMap<object, Map<string, Kept>>();

/**
 * The department's aisle as of the catalog's current version: read again first when the version
 * moved (or none was read); its stock brought up to date first when older than STOCK_REFRESH_MS.
 * `unchecked`: the aisle kept, if one is, without reading the version — for a caller that reads
 * it with its next statement and asks again, checked, when it moved (one round trip fewer).
 */
export async function departmentAisle(db: Reader, categoryId: string, unchecked = false): Promise<DepartmentAisle> {
  let departments = kept.get(db);
  if (!departments) {
    departments = new Map();
    kept.set(db, departments);
  }
  const entry = departments.get(categoryId) ?? {};
  departments.set(categoryId, entry);
  const version = unchecked && entry.aisle ? entry.aisle.version : await readCatalogVersion(db);
  const read = () => {
    entry.reading ??= readDepartmentAisle(db, categoryId, version)
      .then((aisle) => {
        if (!entry.aisle || entry.aisle.version <= aisle.version) entry.aisle = aisle;
        return aisle;
      })
      .finally(() => {
        entry.reading = undefined;
      });
    return entry.reading;
  };
  const current = entry.aisle;
  if (!current || current.version !== version) {
    // While another request reads the new catalog, answer from the one before (the catalog's
    // answers may lag a write by up to 10 s): only the request that started the read waits.
    if (current && entry.reading) return current;
    const fresh = await read();
    // A read started before the version moved is of the older catalog: read once more.
    return fresh.version >= version ? fresh : read();
  }
  if (Date.now() - current.stockReadAt > STOCK_REFRESH_MS) {
    entry.refreshing ??= refreshStock(db, current, categoryId).finally(() => {
      entry.refreshing = undefined;
    });
    await entry.refreshing;
  }
  return current;
}

/**
 * Reads whether each product of the department (of the catalog, when `categoryId` is undefined)
 * the stock ledger names since the aisle's last reading (less STOCK_OVERLAP) is in stock now, and
 * marks the aisle so; its kept facets are forgotten when one changed.
 */
export async function refreshStock(db: Reader, aisle: DepartmentAisle, categoryId: string | undefined): Promise<void> {
  const inScope = categoryId === undefined ? sql`true` : sql`p.category_id = ${categoryId}`;
  const result = await db.execute(sql`
    select p.id, p.quantity > 0 as in_stock, now()::text as at
    from ${products} p
    where ${inScope} and p.status = 'published' and p.id in (
      select l.product_id from ${stockLedger} l where l.created_at > ${aisle.stockAt}::timestamptz - ${STOCK_OVERLAP}::interval)
    union all select null, null, now()::text`);
  const rows = (result as { rows: { id: string | null; in_stock: boolean | null; at: string }[] }).rows;
  let changed = false;
  for (const row of rows) {
    const i = row.id === null ? -1 : entryOf(aisle, row.id);
    if (i < 0) continue;
    const flags = ((aisle.flags[i] ?? 0) & ~IN_STOCK) | (row.in_stock === true ? IN_STOCK : 0);
    if (flags !== aisle.flags[i]) {
      aisle.flags[i] = flags;
      if (aisle.packed) aisle.packed[i * 4 + 3] = ratingAndFlags(aisle, i);
      changed = true;
    }
  }
  if (changed) aisle.facets.clear();
  aisle.stockAt = rows[0]?.at ?? aisle.stockAt;
  aisle.stockReadAt = Date.now();
}

/** Entry of the product `id`, or -1: a binary search of the entries in id order (made when first asked for). */
function entryOf(aisle: DepartmentAisle, id: string): number {
  aisle.byId ??= Uint32Array.from({ length: aisle.size }, (_, i) => i).sort((a, b) => compareIds(aisle, a, b));
  const words = new Uint32Array(4);
  writeIdWords(words, 0, id);
  let low = 0;
  let high = aisle.size - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const i = aisle.byId[middle] ?? 0;
    let order = 0;
    for (let w = 0; w < 4 && order === 0; w++) order = (aisle.idWords[i * 4 + w] ?? 0) - (words[w] ?? 0);
    if (order === 0) return i;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** An aisle's filters in the aisle's own terms: chosen brands and subcategories as flags by index. */
export interface Chosen {
  /** Equal for equal choices: what the kept facets are found by. */
  key: string;
  brands: Uint8Array | undefined;
  /** The chosen brands the aisle has, by index. */
  brandList: number[];
  subcategories: Uint8Array | undefined;
  departments: Uint8Array | undefined;
  minPrice: number;
  maxPrice: number;
  ratingTenths: number;
  flags: number;
  byPrice: boolean;
  byRating: boolean;
  /** The bits of the groups not chosen, which every entry passes. */
  unchosen: number;
}

/** `filters` (with subcategory and department keys resolved to ids) in the aisle's terms, once per request. */
export function chosenOf(aisle: DepartmentAisle, filters: AisleFilters, subcategoryIds: string[] | undefined, departmentIds?: string[]): Chosen {
  const flagsOf = (values: string[] | undefined, length: number, indexOf: (value: string) => number | undefined) => {
    if (values === undefined) return undefined;
    const flags = new Uint8Array(length);
    for (const value of values) {
      const index = indexOf(value);
      if (index !== undefined && index >= 0) flags[index] = 1;
    }
    return flags;
  };
  const brands = flagsOf(filters.brand, aisle.brands.length, (name) => aisle.brandIndex.get(name));
  const subcategories = flagsOf(subcategoryIds, aisle.subcategoryIds.length, (id) => aisle.subcategoryIds.indexOf(id));
  const departments = flagsOf(departmentIds, aisle.departmentIds.length, (id) => aisle.departmentIds.indexOf(id));
  const byPrice = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  const byRating = filters.rating !== undefined;
  const flags = (filters.inStock ? IN_STOCK : 0) | (filters.onSale ? ON_SALE : 0);
  return {
    key: JSON.stringify([filters.brand, subcategoryIds, departmentIds, filters.minPrice, filters.maxPrice, filters.rating, filters.inStock, filters.onSale]),
    brands,
    brandList: [...new Set((filters.brand ?? []).flatMap((name) => aisle.brandIndex.get(name) ?? []))],
    subcategories,
    departments,
    minPrice: filters.minPrice ?? Number.NEGATIVE_INFINITY,
    maxPrice: filters.maxPrice ?? Number.POSITIVE_INFINITY,
    ratingTenths: filters.rating === undefined ? Number.NEGATIVE_INFINITY : filters.rating * 10,
    flags,
    byPrice,
    byRating,
    unchosen: (brands === undefined ? BRAND : 0) | (subcategories === undefined ? SUBCATEGORY : 0) | (departments === undefined ? DEPARTMENT : 0) | (byPrice ? 0 : PRICE) | (byRating ? 0 : RATING) | (flags === 0 ? FLAGS : 0),
  };
}

// Which of an entry's filter groups it passes, one bit each.
const BRAND = 1;
const SUBCATEGORY = 2;
const PRICE = 4;
const RATING = 8;
const FLAGS = 16;
const DEPARTMENT = 32;
export const ALL = BRAND | SUBCATEGORY | PRICE | RATING | FLAGS | DEPARTMENT;

/**
 * Which filter groups entry `i` passes, a bit each. A group not chosen passes every entry: its bit
 * comes from `unchosen`, and its column is not read. The typed arrays are read within their
 * length: `as number` drops the checker's `undefined`.
 */
export function passes(aisle: DepartmentAisle, chosen: Chosen, i: number): number {
  const { brands, subcategories, departments, byPrice, byRating, flags } = chosen;
  let pass = chosen.unchosen;
  if (brands !== undefined && brands[aisle.brand[i] as number] === 1) pass |= BRAND;
  if (subcategories !== undefined && subcategories[aisle.subcategory[i] as number] === 1) pass |= SUBCATEGORY;
  if (departments !== undefined && departments[aisle.department?.[i] ?? 0] === 1) pass |= DEPARTMENT;
  if (byPrice) {
    const cents = aisle.price[i] as number;
    if (cents >= chosen.minPrice && cents <= chosen.maxPrice) pass |= PRICE;
  }
  if (byRating && (aisle.ratingTenths[i] as number) >= chosen.ratingTenths) pass |= RATING;
  if (flags !== 0 && ((aisle.flags[i] as number) & flags) === flags) pass |= FLAGS;
  return pass;
}

/** 0 for unrated, then whole stars, 4 for 4.0 and above. */
const starBand = (tenths: number) => (tenths >= 40 ? 4 : (tenths / 10) | 0);

const tally = (counts: Int32Array, at: number) => {
  counts[at] = (counts[at] ?? 0) + 1;
};

const EMPTY_ROW: FacetRow = {
  brand: null,
  brand_ar: null,
  subcategory_id: null,
  category_id: null,
  set: 0,
  in_scope: 0,
  by_brand: 0,
  by_subcategory: 0,
  by_department: 0,
  total: 0,
  in_stock: 0,
  on_sale: 0,
  rated_4: 0,
  rated_3: 0,
  rated_2: 0,
  rated_1: 0,
  min_price: null,
  max_price: null,
};

/** The sets `countFacets` answers with (aisle.ts), for this aisle's figures. */
export interface FacetSets {
  brand: number;
  subcategory: number;
  department: number;
  whole: number;
}

/** How many choices of filters a department keeps the facets of (the oldest forgotten first). */
const FACETS_KEPT = 64;

/** What one choice of filters counts: the figures of the facet statement's rows. */
interface Tallies {
  byBrand: Int32Array;
  /**
   * The brands counted, each once, when the pass noted them (a search's matches, which reach few
   * of a big catalog's brands): the brands' figures need visit only those. Else every brand.
   */
  brandsSeen?: Uint32Array;
  bySubcategory: Int32Array;
  byDepartment: Int32Array;
  /** Products by star band (0 for unrated, 4 for 4.0 and above) under every filter but rating's. */
  rated: Int32Array;
  total: number;
  inStock: number;
  onSale: number;
  minPrice: number;
  maxPrice: number;
}

/** Each aisle's counters, and room to note the brands a pass meets, reused: every count is synchronous and copies its figures out (countInMemory). */
interface Counters extends Pick<Tallies, 'byBrand' | 'bySubcategory' | 'byDepartment' | 'rated'> {
  seen: Uint32Array;
}
const counters = new WeakMap<DepartmentAisle, Counters>();

function countersOf(aisle: DepartmentAisle): Counters {
  let kept = counters.get(aisle);
  if (!kept) {
    kept = {
      byBrand: new Int32Array(aisle.brands.length),
      seen: new Uint32Array(aisle.brands.length),
      bySubcategory: new Int32Array(aisle.subcategoryIds.length),
      byDepartment: new Int32Array(aisle.departmentIds.length),
      rated: new Int32Array(5),
    };
    counters.set(aisle, kept);
  }
  return kept;
}

function emptyTallies(aisle: DepartmentAisle): Tallies {
  const { byBrand, bySubcategory, byDepartment, rated } = countersOf(aisle);
  byBrand.fill(0);
  bySubcategory.fill(0);
  byDepartment.fill(0);
  rated.fill(0);
  return {
    byBrand,
    bySubcategory,
    byDepartment,
    rated,
    total: 0,
    inStock: 0,
    onSale: 0,
    minPrice: Number.POSITIVE_INFINITY,
    maxPrice: Number.NEGATIVE_INFINITY,
  };
}

/** Entry `i`, passing every filter, in the figures of products passing every filter. */
function tallyPassing(aisle: DepartmentAisle, t: Tallies, i: number, byBrand: boolean): void {
  const flag = aisle.flags[i] as number;
  t.total++;
  if (flag & IN_STOCK) t.inStock++;
  if (flag & ON_SALE) t.onSale++;
  if (byBrand) tally(t.byBrand, aisle.brand[i] as number);
  tally(t.bySubcategory, aisle.subcategory[i] as number);
  if (aisle.department) tally(t.byDepartment, aisle.department[i] as number);
  tally(t.rated, starBand(aisle.ratingTenths[i] as number));
}

const within = (t: Tallies, cents: number) => {
  if (cents < t.minPrice) t.minPrice = cents;
  if (cents > t.maxPrice) t.maxPrice = cents;
};

/**
 * Every filter group's figures, in one pass over the department, or over `entries` (a search's
 * matches, in catalog order) when given.
 */
function tallyEveryEntry(aisle: DepartmentAisle, chosen: Chosen, entries?: Uint32Array): Tallies {
  const t = emptyTallies(aisle);
  // One pass over up to a million entries: the columns and figures in locals, the typed arrays
  // read within their length (`as number` drops the checker's `undefined`).
  const { brand, subcategory, price, ratingTenths, flags } = aisle;
  const department = aisle.department ?? new Uint16Array(0);
  const withDepartments = aisle.department !== undefined;
  const { byBrand, bySubcategory, byDepartment, rated } = t;
  const count = entries ? entries.length : aisle.size;
  const nothingChosen = chosen.unchosen === ALL;
  if (nothingChosen && entries && aisle.packed) return tallyPacked(t, aisle.packed, entries, countersOf(aisle).seen);
  let total = 0;
  let inStock = 0;
  let onSale = 0;
  let minPrice = t.minPrice;
  let maxPrice = t.maxPrice;
  for (let k = 0; k < count; k++) {
    const i = entries ? (entries[k] as number) : k;
    const pass = nothingChosen ? ALL : passes(aisle, chosen, i);
    if (pass === ALL) {
      const flag = flags[i] as number;
      total++;
      inStock += flag & IN_STOCK;
      onSale += (flag & ON_SALE) >>> 1;
      const b = brand[i] as number;
      byBrand[b] = (byBrand[b] as number) + 1;
      const s = subcategory[i] as number;
      bySubcategory[s] = (bySubcategory[s] as number) + 1;
      if (withDepartments) {
        const d = department[i] as number;
        byDepartment[d] = (byDepartment[d] as number) + 1;
      }
      const band = starBand(ratingTenths[i] as number);
      rated[band] = (rated[band] as number) + 1;
      const cents = price[i] as number;
      if (cents < minPrice) minPrice = cents;
      if (cents > maxPrice) maxPrice = cents;
      continue;
    }
    // Only a product failing one group alone counts in that group's figures.
    switch (ALL ^ pass) {
      case BRAND:
        tally(byBrand, brand[i] as number);
        break;
      case SUBCATEGORY:
        tally(bySubcategory, subcategory[i] as number);
        break;
      case DEPARTMENT:
        tally(byDepartment, department[i] as number);
        break;
      case PRICE: {
        const cents = price[i] as number;
        if (cents < minPrice) minPrice = cents;
        if (cents > maxPrice) maxPrice = cents;
        break;
      }
      case RATING:
        tally(rated, starBand(ratingTenths[i] as number));
        break;
    }
  }
  return { ...t, total, inStock, onSale, minPrice, maxPrice };
}

/** `tallyEveryEntry` with nothing chosen, over the whole catalog's packed columns. */
function tallyPacked(t: Tallies, packed: Int32Array, entries: Uint32Array, seen: Uint32Array): Tallies {
  const { byBrand, bySubcategory, byDepartment, rated } = t;
  let brandsSeen = 0;
  let inStock = 0;
  let onSale = 0;
  let minPrice = t.minPrice;
  let maxPrice = t.maxPrice;
  for (let k = 0; k < entries.length; k++) {
    const at = (entries[k] as number) * 4;
    const b = packed[at] as number;
    const was = byBrand[b] as number;
    if (was === 0) seen[brandsSeen++] = b;
    byBrand[b] = was + 1;
    const where = packed[at + 1] as number;
    const s = where & 0xffff;
    bySubcategory[s] = (bySubcategory[s] as number) + 1;
    const d = where >>> 16;
    byDepartment[d] = (byDepartment[d] as number) + 1;
    const cents = packed[at + 2] as number;
    if (cents < minPrice) minPrice = cents;
    if (cents > maxPrice) maxPrice = cents;
    const last = packed[at + 3] as number;
    const band = starBand((last << 16) >> 16);
    rated[band] = (rated[band] as number) + 1;
    const flag = last >>> 16;
    inStock += flag & IN_STOCK;
    onSale += (flag & ON_SALE) >>> 1;
  }
  return { ...t, brandsSeen: seen.subarray(0, brandsSeen), total: entries.length, inStock, onSale, minPrice, maxPrice };
}

/**
 * The same figures when only brands and a price range are chosen (the common narrowing), from
 * the orders instead of a pass: a price range is a run of the price order, and of each brand's.
 * Each brand's count is its run's length, found by binary search; only the products that pass
 * every filter are visited.
 */
function tallyByBrandAndPrice(aisle: DepartmentAisle, chosen: Chosen): Tallies {
  const t = emptyTallies(aisle);
  const { byBrandPrice, price, size } = aisle;
  if (chosen.brands === undefined) {
    // Price alone: the run of the price order within the range passes; every product counts for the range.
    const order = orderOf(aisle, 'price_asc') ?? new Uint32Array(0);
    const cents = (k: number) => price[order[k] as number] as number;
    const from = firstWhere(0, size, (k) => cents(k) >= chosen.minPrice);
    const to = firstWhere(from, size, (k) => cents(k) > chosen.maxPrice);
    for (let k = from; k < to; k++) tallyPassing(aisle, t, order[k] as number, true);
    if (size > 0) {
      within(t, cents(0));
      within(t, cents(size - 1));
    }
    return t;
  }
  for (let b = 0; b < aisle.brands.length; b++) {
    const [from, to] = brandInRange(aisle, chosen, b);
    t.byBrand[b] = to - from;
  }
  for (const b of chosen.brandList) {
    const [from, to] = brandInRange(aisle, chosen, b);
    for (let k = from; k < to; k++) tallyPassing(aisle, t, byBrandPrice[k] as number, false);
    // The chosen brands' products, at any price, give the price range.
    const first = aisle.brandStart[b] as number;
    const last = (aisle.brandStart[b + 1] as number) - 1;
    if (last >= first) {
      within(t, price[byBrandPrice[first] as number] as number);
      within(t, price[byBrandPrice[last] as number] as number);
    }
  }
  return t;
}

/** Brands or a price range chosen, and nothing else. */
const byBrandAndPriceOnly = (chosen: Chosen) => {
  const others = SUBCATEGORY | DEPARTMENT | RATING | FLAGS;
  return (chosen.brands !== undefined || chosen.byPrice) && (chosen.unchosen & others) === others;
};

/**
 * A search word's figures with nothing chosen, kept with the search index ahead of time
 * (decision 0058): every figure but in-stock's, which follows the stock, and of the brands only
 * those that can be listed (their counts reach the MAX_FACET_VALUES-th highest).
 */
export interface KeptTallies {
  brands: Uint32Array;
  brandCounts: Int32Array;
  bySubcategory: Int32Array;
  byDepartment: Int32Array;
  rated: Int32Array;
  total: number;
  onSale: number;
  minPrice: number;
  maxPrice: number;
}

/** The figures of `entries` (a search word's matches) with nothing chosen, to keep. */
export function keepTallies(aisle: DepartmentAisle, entries: Uint32Array): KeptTallies {
  const t = tallyEveryEntry(aisle, chosenOf(aisle, {}, undefined, undefined), entries);
  const least = listedAtLeast(t.byBrand, undefined, t.brandsSeen);
  const brands: number[] = [];
  const listable = (b: number) => {
    const count = t.byBrand[b] as number;
    if (count !== 0 && count >= least) brands.push(b);
  };
  if (t.brandsSeen) for (const b of t.brandsSeen) listable(b);
  else for (let b = 0; b < t.byBrand.length; b++) listable(b);
  return {
    brands: Uint32Array.from(brands),
    brandCounts: Int32Array.from(brands, (b) => t.byBrand[b] as number),
    bySubcategory: t.bySubcategory.slice(),
    byDepartment: t.byDepartment.slice(),
    rated: t.rated.slice(),
    total: t.total,
    onSale: t.onSale,
    minPrice: t.minPrice,
    maxPrice: t.maxPrice,
  };
}

/** The figures of `entries` with nothing chosen, from those kept of them: only in-stock's counted. */
function tallyFromKept(aisle: DepartmentAisle, kept: KeptTallies, entries: Uint32Array): Tallies {
  const t = emptyTallies(aisle);
  kept.brands.forEach((b, k) => (t.byBrand[b] = kept.brandCounts[k] as number));
  t.bySubcategory.set(kept.bySubcategory);
  t.byDepartment.set(kept.byDepartment);
  t.rated.set(kept.rated);
  const { flags } = aisle;
  let inStock = 0;
  for (let k = 0; k < entries.length; k++) inStock += (flags[entries[k] as number] as number) & IN_STOCK;
  const { total, onSale, minPrice, maxPrice } = kept;
  return { ...t, brandsSeen: kept.brands, total, inStock, onSale, minPrice, maxPrice };
}

/**
 * The facet statement's rows (aisle.ts `countFacets`), counted in memory: each group's counts
 * under every filter but its own, the rest under all of them. Only the brands that can be listed
 * come back: those whose count reaches the MAX_FACET_VALUES-th highest (ties kept; aisle.ts picks
 * among them), and the chosen ones. Kept per choice of filters for as long as the aisle is
 * current: its sorts and pages count once. Over `entries` (a search's matches) when given: those
 * are not kept, as the matches are not part of the key; with nothing chosen, from `tallied`, the
 * figures kept of them ahead of time, when given.
 */
export function countInMemory(aisle: DepartmentAisle, chosen: Chosen, sets: FacetSets, entries?: Uint32Array, tallied?: KeptTallies): FacetRow[] {
  const kept = entries ? undefined : aisle.facets.get(chosen.key);
  if (kept) return kept;
  const { byBrand, brandsSeen, bySubcategory, byDepartment, rated, total, inStock, onSale, minPrice, maxPrice } = tallied && entries && chosen.unchosen === ALL
    ? tallyFromKept(aisle, tallied, entries)
    : !entries && byBrandAndPriceOnly(chosen)
      ? tallyByBrandAndPrice(aisle, chosen)
      : tallyEveryEntry(aisle, chosen, entries);
  const { brands: brandsChosen, subcategories: subcategoriesChosen, departments: departmentsChosen } = chosen;
  const atLeast = (stars: number) => rated.subarray(stars).reduce((sum, n) => sum + n, 0);
  const rows: FacetRow[] = [];
  const brandRow = (b: number) => {
    const name = aisle.brands[b] as { en: string; ar: string };
    rows.push({ ...EMPTY_ROW, set: sets.brand, brand: name.en, brand_ar: name.ar, by_brand: byBrand[b] as number });
  };
  if (brandsSeen) {
    // Only the brands met can be listed, besides the chosen ones (which are then at 0).
    const least = listedAtLeast(byBrand, brandsChosen, brandsSeen);
    for (const b of brandsSeen) if ((byBrand[b] as number) >= least || brandsChosen?.[b] === 1) brandRow(b);
    for (const b of chosen.brandList) if (byBrand[b] === 0) brandRow(b);
  } else {
    const least = listedAtLeast(byBrand, brandsChosen);
    for (let b = 0; b < byBrand.length; b++) {
      const count = byBrand[b] as number;
      if ((count !== 0 && count >= least) || brandsChosen?.[b] === 1) brandRow(b);
    }
  }
  aisle.subcategoryIds.forEach((id, s) => {
    if ((bySubcategory[s] ?? 0) > 0 || subcategoriesChosen?.[s] === 1) rows.push({ ...EMPTY_ROW, set: sets.subcategory, subcategory_id: id, by_subcategory: bySubcategory[s] ?? 0 });
  });
  if (aisle.department) {
    aisle.departmentIds.forEach((id, d) => {
      if ((byDepartment[d] ?? 0) > 0 || departmentsChosen?.[d] === 1) rows.push({ ...EMPTY_ROW, set: sets.department, category_id: id, by_department: byDepartment[d] ?? 0 });
    });
  }
  rows.push({
    ...EMPTY_ROW,
    set: sets.whole,
    in_scope: entries ? entries.length : aisle.size,
    total,
    in_stock: inStock,
    on_sale: onSale,
    rated_4: atLeast(4),
    rated_3: atLeast(3),
    rated_2: atLeast(2),
    rated_1: atLeast(1),
    min_price: minPrice === Number.POSITIVE_INFINITY ? null : minPrice,
    max_price: maxPrice === Number.NEGATIVE_INFINITY ? null : maxPrice,
  });
  if (entries) return rows;
  if (aisle.facets.size >= FACETS_KEPT) aisle.facets.delete(aisle.facets.keys().next().value ?? '');
  aisle.facets.set(chosen.key, rows);
  return rows;
}

/**
 * The MAX_FACET_VALUES-th highest count of the values not chosen (0 when fewer are above 0): an
 * unchosen value below it cannot be listed, whatever the chosen values add (they add the same to
 * every unchosen value).
 */
function listedAtLeast(counts: Int32Array, chosen: Uint8Array | undefined, among?: Uint32Array): number {
  // The MAX_FACET_VALUES highest counts, as the least of the counts negated: one pass, most
  // counts (a long tail of small brands) turned away by the heap's root.
  const highest = new LeastKept(MAX_FACET_VALUES);
  const offer = (value: number) => {
    const count = counts[value] as number;
    if (count !== 0 && chosen?.[value] !== 1) highest.offer(-count);
  };
  if (among) for (const value of among) offer(value);
  else for (let value = 0; value < counts.length; value++) offer(value);
  return highest.size < MAX_FACET_VALUES ? 0 : -(highest.greatest ?? 0);
}

/**
 * The positions of `order` (a sort's order; the catalog's own when undefined) a page walk need
 * visit, and how to read them: under a price sort with a price range chosen, only the run within
 * the range; with one brand chosen as well, only that brand's run in `byBrandPrice`.
 */
function walkOf(aisle: DepartmentAisle, chosen: Chosen, sort: AisleSort, order: Uint32Array | undefined): { at: (k: number) => number; from: number; to: number; step: 1 | -1 } {
  const { price, size } = aisle;
  if (order === undefined) return { at: (k) => k, from: 0, to: size, step: 1 };
  const priced = sort === 'price_asc' || sort === 'price_desc';
  const oneBrand = chosen.brandList.length === 1 && chosen.brands !== undefined;
  if (priced && oneBrand) {
    // price_desc is price_asc backwards (price, then id, both descending).
    const [from, to] = brandInRange(aisle, chosen, chosen.brandList[0] as number);
    const at = (k: number) => aisle.byBrandPrice[k] as number;
    return sort === 'price_asc' ? { at, from, to, step: 1 } : { at, from: to - 1, to: from - 1, step: -1 };
  }
  const at = (k: number) => order[k] as number;
  if (!priced || !chosen.byPrice) return { at, from: 0, to: size, step: 1 };
  const cents = (k: number) => price[order[k] as number] as number;
  if (sort === 'price_asc') {
    const from = firstWhere(0, size, (k) => cents(k) >= chosen.minPrice);
    return { at, from, to: firstWhere(from, size, (k) => cents(k) > chosen.maxPrice), step: 1 };
  }
  const from = firstWhere(0, size, (k) => cents(k) <= chosen.maxPrice);
  return { at, from, to: firstWhere(from, size, (k) => cents(k) < chosen.minPrice), step: 1 };
}

/** One page's ids: the entries passing every filter, in `sort`'s order, from `offset`. */
export function pageInMemory(aisle: DepartmentAisle, chosen: Chosen, sort: AisleSort, offset: number, limit: number): string[] {
  const { at, from, to, step } = walkOf(aisle, chosen, sort, orderOf(aisle, sort));
  const ids: string[] = [];
  let skipped = 0;
  for (let k = from; k !== to && ids.length < limit; k += step) {
    const i = at(k);
    if (passes(aisle, chosen, i) !== ALL) continue;
    if (skipped < offset) skipped++;
    else ids.push(idOf(aisle, i));
  }
  return ids;
}

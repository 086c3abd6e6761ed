import { AISLE_RATINGS, MAX_FACET_VALUES, type AisleFacets, type AisleFilters, type AislePageResponse, type AisleSort, type FacetValue } from '@dukkan/contracts/aisle';
import type { Language } from '@dukkan/contracts/common';
import { centsToDollars } from '@dukkan/contracts/money';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';

import { rowsOf, type Database } from '../../db/client';
import { namedColumns, statementOverIds } from '../../db/embedded-statement';
import { categories, products, subcategories } from '../../db/schema';
import { catalogVersionNow, readCatalogVersion } from '../../lib/catalog-version';

import { chosenOf, countInMemory, departmentAisle, pageInMemory, type Chosen, type DepartmentAisle, type KeptTallies } from './aisle-index';
import { productColumns, toProduct, type ProductRow } from './product-row';

/*
 * An aisle (issue #34, docs/decisions/0054): the published products of a scope (a department, or
 * a search's matches), narrowed by filters, in a chosen order, one page at a time, with each
 * filter value's exact count. Two statements answer it:
 * 1. the facets: one pass over the scope, grouped by brand, subcategory and department at once
 *    (grouping sets), each group's counts taken with every filter but its own (disjunctive
 *    counts), the other figures with their own FILTER clauses;
 * 2. the page: the ids of the filtered scope in the chosen order, then those products whole.
 */

/** A database or a transaction open on one. */
type Reader = Pick<Database, 'select' | 'execute'>;

/** The products an aisle starts from: a condition on `products`, and for search its rank. */
export interface AisleScope {
  where: SQL;
  /** The relevance of a product to the search (higher first); absent on a department. */
  rank?: SQL<number>;
}

export interface AisleRequest {
  filters: AisleFilters;
  sort: AisleSort;
  page: number;
  pageSize: number;
}

/** Which filter groups an aisle has; the department group is search's only. */
export type FacetGroup = 'brand' | 'subcategory' | 'department' | 'price' | 'rating' | 'inStock' | 'onSale';

/** Filter values resolved to what the table holds: subcategory and department keys to ids. */
interface ResolvedFilters extends AisleFilters {
  subcategoryIds?: string[] | undefined;
  departmentIds?: string[] | undefined;
}

const TENTHS_PER_STAR = 10;

/** Each group's condition on `products`, undefined when the group is not chosen. */
function conditions(filters: ResolvedFilters): Record<FacetGroup, SQL | undefined> {
  const anyOf = <T>(ids: T[] | undefined, column: Parameters<typeof inArray>[0]) =>
    ids === undefined ? undefined : ids.length === 0 ? sql`false` : inArray(column, ids);
  return {
    brand: filters.brand === undefined ? undefined : inArray(products.brandEn, filters.brand),
    subcategory: anyOf(filters.subcategoryIds, products.subcategoryId),
    department: anyOf(filters.departmentIds, products.categoryId),
    price: and(
      filters.minPrice === undefined ? undefined : gte(products.priceCents, filters.minPrice),
      filters.maxPrice === undefined ? undefined : lte(products.priceCents, filters.maxPrice),
    ),
    rating: filters.rating === undefined ? undefined : gte(products.ratingTenths, filters.rating * TENTHS_PER_STAR),
    inStock: filters.inStock ? sql`${products.quantity} > 0` : undefined,
    onSale: filters.onSale ? isNotNull(products.listPriceCents) : undefined,
  };
}

/** Every chosen filter but `except`'s, as one condition (`true` when none). */
function allBut(chosen: Record<FacetGroup, SQL | undefined>, except?: FacetGroup): SQL {
  const parts = (Object.keys(chosen) as FacetGroup[]).filter((group) => group !== except).map((group) => chosen[group]);
  return and(...parts) ?? sql`true`;
}

/**
 * Subcategory or department keys (matched case-insensitively, as today) to their ids, from the
 * names the aisle reads anyway; a subcategory only within `department` when one is given.
 */
function idsOf(named: Map<string, Named>, keys: string[] | undefined, department?: string): string[] | undefined {
  if (keys === undefined) return undefined;
  const lowered = new Set(keys.map((k) => k.toLowerCase()));
  return [...named].filter(([, n]) => lowered.has(n.name.toLowerCase()) && (department === undefined || n.department === department)).map(([id]) => id);
}

/**
 * The order of each sort; every one ends on the id, so pages never repeat or skip a product.
 * Each is spelled as its index is (decision 0054): `price_desc` walks the price index backwards
 * (ids descending among equal prices), the other descending keys say NULLS LAST as their indexes
 * do (the columns are never null; the planner only matches the spelling).
 */
function orderOf(sort: AisleSort, rank: SQL<number> | undefined): SQL[] {
  const descending = (column: SQL | typeof products.createdAt) => sql`${column} desc nulls last`;
  switch (sort) {
    case 'relevance':
      return [...(rank ? [desc(rank)] : []), asc(products.position), asc(products.id)];
    case 'price_asc':
      return [asc(products.priceCents), asc(products.id)];
    case 'price_desc':
      return [desc(products.priceCents), desc(products.id)];
    case 'newest':
      return [descending(products.createdAt), asc(products.id)];
    case 'rating':
      return [descending(sql`${products.ratingTenths}`), descending(sql`${products.reviewCount}`), asc(products.id)];
    case 'featured':
      return [asc(products.position), asc(products.id)];
  }
}

export interface FacetRow extends Record<string, unknown> {
  brand: string | null;
  brand_ar: string | null;
  subcategory_id: string | null;
  category_id: string | null;
  set: number;
  in_scope: number;
  by_brand: number;
  by_subcategory: number;
  by_department: number;
  total: number;
  in_stock: number;
  on_sale: number;
  rated_4: number;
  rated_3: number;
  rated_2: number;
  rated_1: number;
  min_price: number | null;
  max_price: number | null;
}

/**
 * Statement 1: the scope grouped three ways at once. The `()` set is the whole scope: its total,
 * ratings, price range and yes-or-no counts. `set` tells the sets apart (GROUPING's bits).
 */
async function countFacets(db: Reader, scope: AisleScope, chosen: Record<FacetGroup, SQL | undefined>) {
  const rated = (stars: number) => sql`count(*) filter (where ${allBut(chosen, 'rating')} and ${products.ratingTenths} >= ${stars * TENTHS_PER_STAR})::int`;
  const all = allBut(chosen);
  // A department's scope has one department: its set is one row, kept so GROUPING's bits stay the same.
  const sets = sql`(${products.brandEn}), (${products.subcategoryId}), (${products.categoryId}), ()`;
  const result = await db.execute(sql`
    select
      ${products.brandEn} as brand,
      min(${products.brandAr}) as brand_ar,
      ${products.subcategoryId} as subcategory_id,
      ${products.categoryId} as category_id,
      grouping(${products.brandEn}, ${products.subcategoryId}, ${products.categoryId})::int as set,
      count(*)::int as in_scope,
      count(*) filter (where ${allBut(chosen, 'brand')})::int as by_brand,
      count(*) filter (where ${allBut(chosen, 'subcategory')})::int as by_subcategory,
      count(*) filter (where ${allBut(chosen, 'department')})::int as by_department,
      count(*) filter (where ${all})::int as total,
      count(*) filter (where ${all} and ${products.quantity} > 0)::int as in_stock,
      count(*) filter (where ${all} and ${products.listPriceCents} is not null)::int as on_sale,
      ${rated(4)} as rated_4, ${rated(3)} as rated_3, ${rated(2)} as rated_2, ${rated(1)} as rated_1,
      min(${products.priceCents}) filter (where ${allBut(chosen, 'price')}) as min_price,
      max(${products.priceCents}) filter (where ${allBut(chosen, 'price')}) as max_price
    from ${products}
    where ${scope.where}
    group by grouping sets (${sets})`);
  return rowsOf<FacetRow>(result);
}

// GROUPING(brand, subcategory, category) is 0b011 on a brand row, 0b101 on a subcategory row, 0b110 on a department row, 0b111 on the whole scope.
const BRAND_SET = 0b011;
const SUBCATEGORY_SET = 0b101;
const DEPARTMENT_SET = 0b110;
const WHOLE_SET = 0b111;
/** The sets as the in-memory count (aisle-index.ts) names them. */
const FACET_SETS = { brand: BRAND_SET, subcategory: SUBCATEGORY_SET, department: DEPARTMENT_SET, whole: WHOLE_SET };

/**
 * A group's facet (issue #34): each value's count is the total the request would answer with the
 * value added to the group's choice. Values of a group never share a product (one brand, one
 * subcategory, one department each), so that is the chosen values' products plus the value's own
 * (`counted`: its products under every other group's filter), or the chosen values' alone for a
 * value already chosen. Listed: the values with products of their own, highest counts first then
 * by label (by code point, the same on every database), at most MAX_FACET_VALUES, and every
 * chosen value even at 0.
 */
function facetValues(counted: FacetValue[], chosen: string[] | undefined, labelOfUnknown: (value: string) => FacetValue): FacetValue[] {
  const isChosen = (value: string) => chosen?.includes(value) ?? false;
  const ofChosen = counted.filter((v) => isChosen(v.value)).reduce((sum, v) => sum + v.count, 0);
  const withValue = (v: FacetValue): FacetValue => ({ ...v, count: isChosen(v.value) ? ofChosen : ofChosen + v.count });
  const listed = counted
    .filter((v) => v.count > 0 && !isChosen(v.value))
    .map(withValue)
    .sort((a, b) => b.count - a.count || compare(a.label, b.label) || compare(a.value, b.value))
    .slice(0, MAX_FACET_VALUES);
  const chosenValues = [...new Set(chosen)].map((value) => withValue(counted.find((v) => v.value === value) ?? labelOfUnknown(value)));
  return [...listed, ...chosenValues].sort((a, b) => b.count - a.count || compare(a.label, b.label) || compare(a.value, b.value));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A subcategory or department: its key, its label in the request's language, and a subcategory's department's id. */
interface Named {
  name: string;
  label: string;
  department?: string;
}

interface Names {
  subcategories: Map<string, Named>;
  departments: Map<string, Named>;
}

async function namesOf(db: Reader, lng: Language): Promise<Names> {
  const ar = lng === 'ar';
  const [subs, depts] = await Promise.all([
    db.select({ id: subcategories.id, name: subcategories.slug, en: subcategories.nameEn, ar: subcategories.nameAr, department: subcategories.categoryId }).from(subcategories),
    db.select({ id: categories.id, name: categories.slug, en: categories.nameEn, ar: categories.nameAr }).from(categories),
  ]);
  return {
    subcategories: new Map(subs.map((s) => [s.id, { name: s.name, label: ar ? s.ar : s.en, department: s.department }])),
    departments: new Map(depts.map((d) => [d.id, { name: d.name, label: ar ? d.ar : d.en }])),
  };
}

function toFacets(rows: FacetRow[], filters: ResolvedFilters, names: Names, lng: Language, withDepartments: boolean): { facets: AisleFacets; total: number; inScope: number } {
  const whole = rows.find((r) => r.set === WHOLE_SET);
  const brands = rows
    .filter((r) => r.set === BRAND_SET && r.brand !== null)
    .map((r) => ({ value: r.brand ?? '', label: lng === 'ar' ? (r.brand_ar ?? '') : (r.brand ?? ''), count: r.by_brand }));
  const keyed = (set: number, column: 'subcategory_id' | 'category_id', count: 'by_subcategory' | 'by_department', map: Names['subcategories']) =>
    rows.flatMap((r) => {
      const named = r.set === set && r[column] !== null ? map.get(r[column] ?? '') : undefined;
      return named ? [{ value: named.name, label: named.label, count: r[count] }] : [];
    });
  const unknown = (value: string): FacetValue => ({ value, label: value, count: 0 });
  // A chosen key as the catalog spells it (keys match case-insensitively); one it lacks, as sent.
  const namedOf = (map: Names['subcategories'], value: string) => [...map.values()].find((n) => n.name.toLowerCase() === value.toLowerCase());
  const chosenNames = (values: string[] | undefined, map: Names['subcategories']) => values?.map((v) => namedOf(map, v)?.name ?? v);
  const known = (map: Names['subcategories']) => (value: string): FacetValue => {
    const named = namedOf(map, value);
    return named ? { value: named.name, label: named.label, count: 0 } : unknown(value);
  };
  const facets: AisleFacets = {
    brand: facetValues(brands, filters.brand, unknown),
    subcategory: facetValues(keyed(SUBCATEGORY_SET, 'subcategory_id', 'by_subcategory', names.subcategories), chosenNames(filters.subcategory, names.subcategories), known(names.subcategories)),
    ...(withDepartments
      ? { department: facetValues(keyed(DEPARTMENT_SET, 'category_id', 'by_department', names.departments), chosenNames(filters.department, names.departments), known(names.departments)) }
      : {}),
    rating: AISLE_RATINGS.map((value) => ({ value, count: whole ? whole[`rated_${value}`] : 0 })),
    price: {
      min: whole?.min_price == null ? null : centsToDollars(Number(whole.min_price)),
      max: whole?.max_price == null ? null : centsToDollars(Number(whole.max_price)),
    },
    inStock: whole?.in_stock ?? 0,
    onSale: whole?.on_sale ?? 0,
  };
  return { facets, total: whole?.total ?? 0, inScope: whole?.in_scope ?? 0 };
}

/** Statement 2: one page of the filtered scope's ids in order, then those products whole. */
async function pageOf(db: Reader, scope: AisleScope, condition: SQL, { sort, page, pageSize }: AisleRequest, lng: Language) {
  const ids = await db
    .select({ id: products.id })
    .from(products)
    .where(and(scope.where, condition))
    .orderBy(...orderOf(sort, scope.rank))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return (await productsByIds(db, ids.map((r) => r.id), lng)).data;
}

/**
 * A page's products whole, as one JSON array of `productColumns` rows (one value for the driver
 * to decode instead of twenty a row), and the catalog's version read by the same statement.
 */
const pageJson = sql<ProductRow[] | null>`json_agg(json_build_object(${sql.join(
  Object.entries(productColumns).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
  sql`, `,
)}))`;
const pageColumns = { rows: pageJson, version: catalogVersionNow };

function pageQuery(db: Reader) {
  return db
    .select(pageColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id));
}

/** What the page statement answers: its one row's products (null for none) and version. */
interface PageRead {
  rows: ProductRow[] | null;
  version: number | string;
}

/** The read products in the order of `ids`, as the API answers them, and the version they were read at. */
function inOrder(read: PageRead | undefined, ids: string[], lng: Language) {
  const place = new Map(ids.map((id, i) => [id, i]));
  const rows = read?.rows ?? [];
  const data = rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0)).map((r) => toProduct(r, lng));
  return { data, version: read === undefined ? undefined : Number(read.version) };
}

/** The products of `ids`, whole, in that order, and the catalog's version read by the same statement. */
async function productsByIds(db: Reader, ids: string[], lng: Language) {
  if (ids.length === 0) return { data: [], version: undefined };
  const [read] = await pageQuery(db).where(inArray(products.id, ids));
  return inOrder(read, ids, lng);
}

/**
 * The department aisles' page statement, prepared for the database it runs on (planned once per
 * connection or session). `= some(array)` is PostgreSQL's membership in an array (ANY's synonym).
 */
const pageStatement = statementOverIds<PageRead>({
  server: (db) => pageQuery(db).where(sql`${products.id} = some(${sql.placeholder('ids')}::uuid[])`).prepare('aisle_page'),
  embedded: {
    name: 'dukkan_aisle_page',
    statement: sql`select ${namedColumns(pageColumns)} from ${products}
      inner join ${categories} on ${eq(products.categoryId, categories.id)}
      inner join ${subcategories} on ${eq(products.subcategoryId, subcategories.id)}
      where ${products.id} = some($1)`,
  },
});

/** The same for a department's page, by its prepared statement. */
async function pageProducts(db: Database, ids: string[], lng: Language) {
  if (ids.length === 0) return { data: [], version: undefined };
  const [read] = await pageStatement(db, ids);
  return inOrder(read, ids, lng);
}

/**
 * Keeps a figure for a while under a key (the catalog routes pass their answer cache's, so the
 * sorts and pages of one choice of filters count its facets once while its answers are fresh);
 * by default every call computes.
 */
export type AisleMemo = <T>(key: string, produce: () => Promise<T>) => Promise<T>;
const computeEveryTime: AisleMemo = (_key, produce) => produce();

export interface AisleOptions {
  /** Search's aisles list the departments of their matches too. */
  withDepartments: boolean;
  /** A department's aisle: its id, within which subcategory keys are looked up. */
  department?: string;
  /** What the scope is, for `memo`'s keys: equal keys, equal scopes. */
  scopeKey: string;
  memo?: AisleMemo;
}

/**
 * One page of an aisle with its facets; `inScope` is how many products the scope holds before
 * any filter (search falls back to any word when no product has every word).
 */
export async function readAisle(db: Reader, lng: Language, scope: AisleScope, request: AisleRequest, options: AisleOptions): Promise<AislePageResponse & { inScope: number }> {
  const { withDepartments, department, scopeKey, memo = computeEveryTime } = options;
  const { filters } = request;
  const names = await memo(`aisle-names:${lng}`, () => namesOf(db, lng));
  const subcategoryIds = idsOf(names.subcategories, filters.subcategory, department);
  const departmentIds = withDepartments ? idsOf(names.departments, filters.department) : undefined;
  const resolved: ResolvedFilters = { ...filters, subcategoryIds, departmentIds };
  const chosen = conditions(resolved);
  const filterKey = JSON.stringify([filters.brand, subcategoryIds, departmentIds, filters.minPrice, filters.maxPrice, filters.rating, filters.inStock, filters.onSale]);
  const [facetRows, data] = await Promise.all([
    memo(`aisle-facets:${scopeKey}:${filterKey}`, () => countFacets(db, scope, chosen)),
    pageOf(db, scope, allBut(chosen), request, lng),
  ]);
  const { facets, total, inScope } = toFacets(facetRows, resolved, names, lng, withDepartments);
  return { data, page: request.page, pageSize: request.pageSize, total, facets, inScope };
}

/** The names an aisle's facets need, read once per language while the aisle is current (`memo` when it is not). */
const namesKept = new WeakMap<DepartmentAisle, Map<Language, Promise<Names>>>();
function namesOfAisle(db: Database, aisle: DepartmentAisle, lng: Language, memo: AisleMemo): Promise<Names> {
  const byLanguage = namesKept.get(aisle) ?? new Map<Language, Promise<Names>>();
  namesKept.set(aisle, byLanguage);
  const kept = byLanguage.get(lng);
  if (kept) return kept;
  // A failed read is not kept: the next request tries again.
  const reading = memo(`aisle-names:${lng}`, () => namesOf(db, lng)).catch((error: unknown) => {
    byLanguage.delete(lng);
    throw error;
  });
  byLanguage.set(lng, reading);
  return reading;
}

/** Every department's id by its name (lowercased), and the catalog version they were read at. */
interface DepartmentIds {
  version: number;
  ids: Map<string, string>;
}

const departmentIdsKept = new WeakMap<Database, DepartmentIds>();

/**
 * The departments' ids by name: those kept, unless `checked` or none are (then read, with the
 * version, in one statement). Names are matched case-insensitively, as links and old bookmarks
 * spell them either way.
 */
async function departmentIds(db: Database, checked: boolean): Promise<DepartmentIds> {
  const kept = departmentIdsKept.get(db);
  if (kept && !checked) return kept;
  const result = await db.execute(sql`
    select v.version, ${categories.id} as id, lower(${categories.slug}) as name
    from (select ${catalogVersionNow} as version) v
    left join ${categories} on true`);
  const rows = rowsOf<{ version: number | string; id: string | null; name: string | null }>(result);
  const read: DepartmentIds = { version: Number(rows[0]?.version ?? 0), ids: new Map() };
  for (const row of rows) if (row.id !== null && row.name !== null) read.ids.set(row.name, row.id);
  const latest = departmentIdsKept.get(db);
  if (!latest || latest.version <= read.version) departmentIdsKept.set(db, read);
  return read;
}

/**
 * A department's aisle, by the department's name, from what is kept of it ahead of time
 * (aisle-index.ts, decision 0056): the same answer as `readAisle` over `departmentScope`, counted
 * and paged in memory; only the page's products are read from the database. Undefined when no
 * department has that name.
 */
export async function readDepartmentAisle(
  db: Database,
  lng: Language,
  categoryName: string,
  request: AisleRequest,
  memo: AisleMemo = computeEveryTime,
): Promise<AislePageResponse | undefined> {
  const { filters, sort, page, pageSize } = request;
  // The departments' ids and the aisle kept are taken on trust, and the version read with the
  // page's products: one statement a request. When the version had moved (or the name is not
  // among those kept), both are read again and the page taken from them.
  for (let checked = false; ; checked = true) {
    const departments = await departmentIds(db, checked);
    const categoryId = departments.ids.get(categoryName.toLowerCase());
    if (categoryId === undefined) {
      if (checked) return undefined;
      continue;
    }
    const aisle = await departmentAisle(db, categoryId, !checked);
    const names = await namesOfAisle(db, aisle, lng, memo);
    const subcategoryIds = idsOf(names.subcategories, filters.subcategory, categoryId);
    const chosen = chosenOf(aisle, filters, subcategoryIds);
    const rows = countInMemory(aisle, chosen, FACET_SETS);
    const { data, version = await readCatalogVersion(db) } = await pageProducts(db, pageInMemory(aisle, chosen, sort, (page - 1) * pageSize, pageSize), lng);
    if (checked || (version === aisle.version && version === departments.version)) {
      const { facets, total } = toFacets(rows, { ...filters, subcategoryIds }, names, lng, false);
      return { data, page, pageSize, total, facets };
    }
  }
}

/**
 * A search's aisle over the whole catalog's aisle kept in memory (the search index, decision
 * 0058): `matches` are the entries the words match, with their figures when kept ahead of time;
 * `pageOfIds` picks the page among those passing the chosen filters. The same answer as
 * `readAisle` over the search's scope; only the page's products are read from the database,
 * with the catalog's version (undefined when the page is empty), which the caller checks against
 * the aisle's.
 */
export async function readSearchAisleInMemory(
  db: Database,
  lng: Language,
  aisle: DepartmentAisle,
  request: AisleRequest,
  memo: AisleMemo = computeEveryTime,
  matches: { entries: Uint32Array; tallied?: KeptTallies },
  pageOfIds: (chosen: Chosen) => string[],
): Promise<AislePageResponse & { version: number | undefined }> {
  const { filters, page, pageSize } = request;
  const names = await namesOfAisle(db, aisle, lng, memo);
  const subcategoryIds = idsOf(names.subcategories, filters.subcategory);
  const departmentIds = idsOf(names.departments, filters.department);
  const chosen = chosenOf(aisle, filters, subcategoryIds, departmentIds);
  const rows = countInMemory(aisle, chosen, FACET_SETS, matches.entries, matches.tallied);
  const { data, version } = await pageProducts(db, pageOfIds(chosen), lng);
  const { facets, total } = toFacets(rows, { ...filters, subcategoryIds, departmentIds }, names, lng, true);
  return { data, page, pageSize, total, facets, version };
}

/** A department's published products: the scope of its aisle. */
export function departmentScope(categoryId: string): AisleScope {
  return { where: and(eq(products.categoryId, categoryId), eq(products.status, 'published')) ?? sql`false` };
}

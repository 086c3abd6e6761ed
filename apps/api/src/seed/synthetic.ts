/**
 * A large synthetic catalog for benchmarks and aisle tests, shaped like a real store's (the
 * README's "Benchmarks and budgets"): bilingual products composed from per-department word
 * lists, over the demo catalog's departments and subcategories, about 18 000 brands with a long
 * tail (`synthetic-brands.ts`), prices from cents to thousands of dollars, stock, list prices and
 * creation dates spread over five years (no ratings: issue #36); the demo products' artwork is reused.
 * Product n is drawn from a PRNG of its own (seed, n), so it is the same whatever the count,
 * and a generator yields them: a million products never sit in memory at once.
 */
import { sql } from 'drizzle-orm';

import { isEmbedded, type Database, type Transaction } from '../db/client';
import { seedRuns } from '../db/schema';
import { vacuumNewProducts } from '../db/vacuum';
import { bumpCatalogVersion } from '../lib/catalog-version';

import type { LocalizedText, SeedProduct } from './catalog-types';
import { LEXICONS, type Lexicon, type Noun } from './data/synthetic-words';
import type { DepartmentData } from './data/types';
import { DEPARTMENTS, mulberry32, productImagePaths, productSlug } from './demo-catalog';
import { insertProducts } from './load-catalog';
import { brandRank, DEPARTMENT_WEIGHTS, departmentBrands, type DepartmentBrands } from './synthetic-brands';

/** Synthetic products sort after the demo catalog: product n has position `SYNTHETIC_FIRST_POSITION + n - 1`. */
export const SYNTHETIC_FIRST_POSITION = 1_000_000;
/** Share of products with a list price above their price (on sale). */
export const ON_SALE_SHARE = 0.15;
/** Share of products out of stock (quantity 0). */
export const OUT_OF_STOCK_SHARE = 0.1;
/** Creation dates run back five years from this moment (fixed, so a seed's catalog is too). */
export const CREATED_BEFORE = Date.UTC(2026, 11, 1);
const FIVE_YEARS_MS = 5 * 365 * 24 * 3600 * 1000;
/** The highest price drawn: $9,999.99. */
const MAX_PRICE_CENTS = 999_999;

interface Plan {
  dept: DepartmentData;
  lexicon: Lexicon;
  brands: DepartmentBrands;
  /** Indexes into `lexicon.nouns`, by subcategory key, in the order subcategories first appear. */
  nounsBySub: readonly (readonly number[])[];
  /** Per brand rank: the index into `nounsBySub` of the subcategory the brand mostly makes. */
  brandSub: Uint16Array;
  /** Per noun: the demo products whose pictures it borrows. */
  images: readonly (readonly string[])[];
}

let plans: readonly Plan[] | undefined;
let planCumulative: Float64Array | undefined;

function buildPlans(): readonly Plan[] {
  const allBrands = departmentBrands();
  return DEPARTMENTS.map((dept) => {
    const lexicon = LEXICONS[dept.key];
    const brands = allBrands.get(dept.key);
    if (lexicon === undefined || brands === undefined) throw new Error(`No synthetic word list for department ${dept.key}`);
    const bySub = new Map<string, string[]>();
    const bySubArt = new Map<string, string[]>();
    for (const product of dept.products) {
      const slug = productSlug(dept, product);
      const subList = bySub.get(product.s) ?? [];
      subList.push(slug);
      bySub.set(product.s, subList);
      const key = `${product.s}|${product.a}`;
      const artList = bySubArt.get(key) ?? [];
      artList.push(slug);
      bySubArt.set(key, artList);
    }
    const images = lexicon.nouns.map(([sub, , , , , art]: Noun) => {
      const slugs = bySubArt.get(`${sub}|${art}`) ?? bySub.get(sub);
      if (slugs === undefined) throw new Error(`Synthetic noun in unknown subcategory ${dept.key}-${sub}`);
      return slugs;
    });
    const subKeys: string[] = [];
    const nounsBySub: number[][] = [];
    lexicon.nouns.forEach(([sub], index) => {
      let at = subKeys.indexOf(sub);
      if (at < 0) {
        at = subKeys.push(sub) - 1;
        nounsBySub.push([]);
      }
      nounsBySub[at]?.push(index);
    });
    // A demo brand mostly makes what it makes in the demo catalog; any other brand one
    // subcategory drawn from its rank.
    const brandSub = new Uint16Array(brands.brands.length);
    const pickSub = mulberry32(0x5b5 ^ dept.key.length);
    brands.brands.forEach(({ en }, rank) => {
      const demo = dept.products.find((product) => product.b === en);
      const at = demo === undefined ? -1 : subKeys.indexOf(demo.s);
      brandSub[rank] = at >= 0 ? at : Math.floor(pickSub() * subKeys.length);
    });
    return { dept, lexicon, brands, nounsBySub, brandSub, images };
  });
}

function pick<T>(list: readonly T[], random: () => number): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** murmur3's finaliser: spreads (seed, n) over 32 bits, so neighbouring products draw unrelated numbers. */
function mix(seed: number, n: number): number {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(n, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A price in cents from a noun's range in dollars: log-uniform over a wider range (a third of
 * its low end to twice its high end), a few premium ones above it, ending mostly in .99, .49,
 * .00 or .95, some in any cents; from a few cents to $9,999.99.
 */
function drawPriceCents(min: number, max: number, random: () => number): number {
  const low = min * 0.3;
  const high = max * 2;
  let dollars = low * Math.pow(high / low, random());
  if (random() < 0.04) dollars *= 2 + random() * 6;
  const whole = Math.floor(dollars);
  const ending = random();
  let cents = ending < 0.55 ? 99 : ending < 0.7 ? 49 : ending < 0.8 ? 0 : ending < 0.87 ? 95 : Math.floor(random() * 100);
  if (whole === 0 && cents === 0) cents = 99;
  return Math.min(MAX_PRICE_CENTS, Math.max(5, whole * 100 + cents));
}

/**
 * Believable compare-at prices by band: $x.49 or $x.99 under $10, $x.99 under $100, $x9.99
 * under $1,000, then $x49.99 or $x99.99 — the first such price at or above `cents`.
 */
function roundUpListPrice(cents: number): number {
  const [step, remainder] = cents < 1_000 ? [50, 49] : cents < 10_000 ? [100, 99] : cents < 100_000 ? [1_000, 999] : [5_000, 4_999];
  const base = cents - (cents % step) + remainder;
  return base >= cents ? base : base + step;
}

function drawProduct(n: number, seed: number, seedTag: string): SeedProduct {
  plans ??= buildPlans();
  planCumulative ??= cumulativeOf(plans.map((plan) => DEPARTMENT_WEIGHTS[plan.dept.key] ?? 0));
  const random = mulberry32(mix(seed, n));
  const plan = plans[searchCumulative(planCumulative, random())];
  if (plan === undefined) throw new Error('no department drawn');
  const { dept, lexicon } = plan;
  const rank = brandRank(plan.brands, random());
  const brand: LocalizedText | undefined = plan.brands.brands[rank];
  if (brand === undefined) throw new Error('no brand drawn');
  // Three in four of a brand's products are of its own subcategory, the rest of any.
  const nouns = random() < 0.75 ? plan.nounsBySub[plan.brandSub[rank] ?? 0] : undefined;
  const nounIndex = nouns === undefined ? Math.floor(random() * lexicon.nouns.length) : pick(nouns, random);
  const noun = lexicon.nouns[nounIndex];
  const imageSlugs = plan.images[nounIndex];
  if (noun === undefined || imageSlugs === undefined) throw new Error('no noun drawn');
  const [sub, key, nounEn, nounAr, gender, , min, max] = noun;
  const [adjEn, adjArM, adjArF] = pick(lexicon.adjectives, random);
  const adjAr = gender === 'f' ? adjArF : adjArM;
  const [variantEn, variantAr] = pick(lexicon.variants, random);
  const [blurbEn, blurbAr] = pick(lexicon.blurbs, random);
  const images = productImagePaths(pick(imageSlugs, random));
  const priceCents = drawPriceCents(min, max, random);
  const listPriceCents = random() < ON_SALE_SHARE ? roundUpListPrice(Math.ceil(priceCents * (1.1 + random() * 0.5))) : null;
  const stock = random();
  const quantity = stock < OUT_OF_STOCK_SHARE ? 0 : stock < 0.18 ? 1 + Math.floor(random() * 5) : 6 + Math.floor(300 * Math.pow(random(), 2));
  // No rating and no review count: only approved reviews of shoppers make them (issue #36).
  const createdAt = new Date(CREATED_BEFORE - Math.floor(FIVE_YEARS_MS * Math.pow(random(), 1.5)));
  const slug = `syn-${n}-${seedTag}-${dept.key}-${key}`;
  return {
    slug,
    categorySlug: dept.slug,
    subcategorySlug: `${dept.key}-${sub}`,
    title: { en: `${brand.en} ${adjEn} ${nounEn}, ${variantEn}`, ar: `${nounAr} ${adjAr} من ${brand.ar}، ${variantAr}` },
    description: {
      en: `${adjEn} ${nounEn} by ${brand.en}. ${blurbEn}`,
      ar: `${nounAr} ${adjAr} من ${brand.ar}. ${blurbAr}`,
    },
    brand,
    priceCents,
    listPriceCents,
    quantity,
    thumbnail: images[0] ?? '',
    images,
    createdAt,
  };
}

function cumulativeOf(weights: readonly number[]): Float64Array {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += weight;
    cumulative[i] = sum / total;
  });
  return cumulative;
}

function searchCumulative(cumulative: Float64Array, u: number): number {
  let i = 0;
  while (i < cumulative.length - 1 && (cumulative[i] ?? 1) <= u) i++;
  return i;
}

/**
 * Yields `count` synthetic products from product `first` (n from 1), with unique slugs
 * `syn-{n}-s{seed}-{department}-{noun}`, deterministic for a seed: product n is the same
 * whatever `count` and `first` are.
 */
export function* generateSyntheticProducts(count: number, seed = 1, first = 1): Generator<SeedProduct> {
  const seedTag = `s${seed >>> 0}`;
  for (let n = first; n < first + count; n++) yield drawProduct(n, seed, seedTag);
}

/** Products per transaction when two connections load a catalog into a server together. */
const CHUNK_SIZE = 2_000;
/** Products loaded by one connection before the second joins. */
const WARM_UP = 20_000;

/** Whether `error` (or what it wraps) is PostgreSQL's deadlock or serialization failure: the transaction may simply run again. */
function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** Writes products `first`..`first + size - 1` in a transaction of their own, again after a deadlock. */
async function loadRange(db: Database, seed: number, first: number, size: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction((tx) => insertProducts(tx, generateSyntheticProducts(size, seed, first), SYNTHETIC_FIRST_POSITION + first - 1));
      return;
    } catch (error) {
      if (attempt >= 10 || !isRetryable(error)) throw error;
    }
  }
}

/**
 * Loads synthetic products 1..`count` of `seed` into `db` unless that run was loaded before (its
 * `seed_runs` row `synthetic-{count}-{seed}`), raises the catalog's version, makes the new rows
 * visible to index-only scans and refreshes the planner's statistics.
 * Products a smaller run left are kept (same slugs). Returns how many products it wrote (0 when
 * the run was there).
 *
 * The embedded database gets one transaction. A server gets transactions of 2 000 products,
 * from two connections after the first 20 000 (the server's cores share the work of the search
 * column and the indexes); the run is recorded in a last transaction once every product is in,
 * so an interrupted run leaves some products and the same command completes it. Two
 * transactions adding the same new words to the search vocabulary at once may deadlock in its
 * trigger (`search_terms`): the one PostgreSQL stops is run again.
 */
export async function loadSyntheticCatalog(db: Database, count: number, seed = 1): Promise<number> {
  const runName = `synthetic-${count}-${seed}`;
  const done = await db.select({ name: seedRuns.name }).from(seedRuns).where(sql`${seedRuns.name} = ${runName}`);
  if (done.length > 0) return 0;
  const record = async (tx: Transaction) => {
    await tx.insert(seedRuns).values({ name: runName }).onConflictDoNothing();
    await bumpCatalogVersion(tx);
  };
  if (isEmbedded(db)) {
    await db.transaction(async (tx) => {
      await insertProducts(tx, generateSyntheticProducts(count, seed), SYNTHETIC_FIRST_POSITION);
      await record(tx);
    });
    await vacuumNewProducts(db);
  } else {
    // The first products alone bring most of the vocabulary's new words (the word lists, the
    // leading brands); then two connections.
    const warmUp = Math.min(count, WARM_UP);
    await loadRange(db, seed, 1, warmUp);
    let next = warmUp + 1;
    const worker = async () => {
      while (next <= count) {
        const first = next;
        const size = Math.min(CHUNK_SIZE, count - first + 1);
        next += size;
        await loadRange(db, seed, first, size);
      }
    };
    await Promise.all([worker(), worker()]);
    await db.transaction(record);
    // Autovacuum would come to a million new rows late: until it does, the aisles' index-only
    // scans read every row's page (Grocery's aisle 2.6 s instead of 0.25 s cold).
    await db.execute(sql`vacuum products`);
  }
  await db.execute(sql`analyze products`);
  return count;
}

import type { AisleSort } from '@dukkan/contracts/aisle';
import { sql } from 'drizzle-orm';

import { rowsOf, type Database } from '../../db/client';
import { catalogVersion, products } from '../../db/schema';
import { LeastKept } from '../../lib/least-kept';
import {
  AISLE_COLUMNS,
  ALL,
  STOCK_REFRESH_MS,
  databaseNow,
  emptyAisle,
  fillEntries,
  finishAisle,
  groupBySubcategory,
  idOf,
  orderOf,
  passes,
  refreshStock,
  keepTallies,
  type AisleRow,
  type Chosen,
  type DepartmentAisle,
  type KeptTallies,
} from '../catalog/aisle-index';

import { readVocabulary, termPatterns, type LexemePattern, type Vocabulary } from './vocabulary';

/*
 * The search index (issue #34, docs/decisions/0058): what a search at a million products needs,
 * kept in memory by each process, so that its matches, facets and page are worked out without
 * asking the database more than for the page's products.
 *
 * - `aisle`: the whole catalog's aisle, every published product, with the columns a
 *   department's aisle has plus its department (aisle-index.ts), so a search's facets, filters
 *   and sorts are the department's code over a subset of entries. Its entries are numbered by
 *   department and subcategory (catalog order within each), so that a word's matches, which
 *   gather in a few subcategories, lie close together; featured's order is catalog order.
 * - An inverted index of `products.search_vector`: for each lexeme, in code-unit order, its
 *   postings, each `entry * 4 + weight class` (the best weight the lexeme has in the product:
 *   3 title, 2 brand, 1 description), in entry order.
 *
 * It is a cache derived from the database, one per process, read again whole when the catalog's
 * version moves; its stock is brought up to date from the stock ledger as a department aisle's
 * is. A request waits for a build at most BUILD_WAIT_MS; until the index is current, the
 * database's search answers, with the same answer (search.test.ts and search-index.test.ts).
 */

/** Products read per statement while building. */
const BUILD_CHUNK = 20_000;
/** How long a request waits for a build before the database answers it instead. */
export const BUILD_WAIT_MS = 1_000;

export interface SearchIndex {
  aisle: DepartmentAisle;
  /** Every lexeme, sorted by code unit. */
  lexemes: string[];
  /** Lexeme `l`'s postings are `postings[starts[l]]` to `postings[starts[l + 1] - 1]`. */
  starts: Uint32Array;
  postings: Uint32Array;
  /**
   * Lexeme `l`'s BEST_KEPT most relevant postings (weight class highest first, then catalog
   * order), `best[bestStarts[l]]` to `best[bestStarts[l + 1] - 1]`: a one-word search's first
   * pages and its suggestions come from them.
   */
  bestStarts: Uint32Array;
  best: Uint32Array;
  /** The figures with nothing chosen of the words with many matches, by their lexemes (`tallyWords`). */
  tallied: Map<string, KeptTallies>;
  /** Each sort's rank of every entry (the inverse of the aisle's order), made when first needed. */
  ranks: Map<AisleSort, Uint32Array>;
  /** Scratch of one byte an entry, all zero between calls (every use is synchronous and clears it). */
  scratch: Uint8Array;
  /** Scratch of one word an entry. */
  gathered: Uint32Array;
  /** The vocabulary, read after the version (so never older than it): query words are planned from it. */
  vocabulary: Vocabulary;
}


/** A word that counts in a query: every lexeme that stands for it (the word's and its corrections'). */
export type WordPatterns = LexemePattern[];


/** What the aisle's columns (AISLE_COLUMNS) read, and the catalog order's keys. */
const CHUNK_COLUMNS = sql.join(
  [
    products.id,
    products.brandEn,
    products.brandAr,
    products.subcategoryId,
    products.priceCents,
    products.listPriceCents,
    products.ratingTenths,
    products.reviewCount,
    products.quantity,
    products.createdAt,
    products.categoryId,
    products.position,
    products.searchVector,
  ],
  sql`, `,
);

/** CHUNK_COLUMNS of the published products after `after` (position, id) in catalog order, at most BUILD_CHUNK. */
const chunkOf = (after: { position: number; id: string } | undefined) => sql`
  select ${CHUNK_COLUMNS} from ${products}
  where ${products.status} = 'published' and ${after === undefined ? sql`true` : sql`(${products.position}, ${products.id}) > (${after.position}, ${after.id}::uuid)`}
  order by ${products.position}, ${products.id}
  limit ${BUILD_CHUNK}`;

/**
 * Reads the index at the catalog's current version: chunk by chunk in catalog order, each
 * chunk's columns and postings by one snapshot (a short read-only transaction, so the embedded
 * database's one connection serves shoppers between chunks). A catalog written meanwhile moves
 * the version past the one recorded, and the index is read again when next asked for.
 */
export async function buildSearchIndexNow(db: Database): Promise<SearchIndex> {
  const [head] = rowsOf<{ version: number | string | null; size: number; at: string }>(
    await db.execute(sql`
      select (select ${catalogVersion.version} from ${catalogVersion} where ${catalogVersion.id} = 1) as version,
        (select count(*)::int from ${products} where ${products.status} = 'published') as size, now()::text as at`),
  );
  const capacity = head?.size ?? 0;
  const aisle = emptyAisle(capacity, Number(head?.version ?? 0), head?.at ?? (await databaseNow(db)), true);
  const vocabulary = await readVocabulary(db);
  const pieces = new Map<string, Uint32Array[]>();
  let filled = 0;
  let after: { position: number; id: string } | undefined;
  while (filled < capacity) {
    const at = filled;
    // One snapshot a chunk: its columns, and each product's search vector as text, read here
    // (five times less of the database's time than unnesting and aggregating the vectors there).
    const rows = await db.transaction(
      async (tx) =>
        rowsOf<AisleRow & { position: number; vector: string }>(
          // Named as the table, so that the columns' qualified names read the chunk.
          await tx.execute(
            sql`select ${AISLE_COLUMNS}, products.category_id, products.position, products.search_vector::text as vector from (${chunkOf(after)}) as products`,
          ),
        ),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (rows.length === 0) break;
    // A catalog grown while being read: its first `capacity` products.
    const room = Math.min(rows.length, capacity - filled);
    fillEntries(aisle, rows.slice(0, room), at);
    const chunk = new Map<string, number[]>();
    for (let k = 0; k < room; k++) {
      const entry = at + k;
      eachLexeme((rows[k] as { vector: string }).vector, (lexeme, weight) => {
        const list = chunk.get(lexeme);
        if (list) list.push(entry * 4 + weight);
        else chunk.set(lexeme, [entry * 4 + weight]);
      });
    }
    for (const [lexeme, list] of chunk) {
      const piece = Uint32Array.from(list);
      const kept = pieces.get(lexeme);
      if (kept) kept.push(piece);
      else pieces.set(lexeme, [piece]);
    }
    filled += room;
    const last = rows[rows.length - 1] as AisleRow & { position: number };
    after = { position: last.position, id: last.id };
    if (rows.length < BUILD_CHUNK) break;
  }
  return indexOf(shrunk(aisle, filled), pieces, vocabulary);
}

const QUOTE = 0x27;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const SPACE = 0x20;
const WEIGHT_A = 0x41;
const WEIGHT_B = 0x42;

/**
 * Each lexeme of a `tsvector` printed as text (`'lexeme':1A,4 'it''s':2B`), with its best weight
 * class: 3 when a position weighs A (a title), 2 for B (a brand), else 1 (C, D, or no
 * positions), as the database's `unnest(search_vector)` weights would give. PostgreSQL prints
 * every lexeme quoted, a quote in it doubled and a backslash escaped by a backslash.
 */
export function eachLexeme(vector: string, each: (lexeme: string, weight: number) => void): void {
  const end = vector.length;
  let k = 0;
  while (k < end) {
    if (vector.charCodeAt(k) === SPACE) {
      k++;
      continue;
    }
    if (vector.charCodeAt(k) !== QUOTE) throw new Error('Not a tsvector');
    let lexeme = '';
    let from = ++k;
    for (;;) {
      if (k >= end) throw new Error('Not a tsvector');
      const code = vector.charCodeAt(k);
      if (code === QUOTE) {
        lexeme += vector.slice(from, k);
        if (vector.charCodeAt(k + 1) !== QUOTE) break;
        // A doubled quote: one quote of the lexeme.
        from = k + 1;
        k += 2;
      } else if (code === BACKSLASH) {
        lexeme += vector.slice(from, k);
        from = k + 1;
        k += 2;
      } else {
        k++;
      }
    }
    k++;
    let weight = 1;
    if (vector.charCodeAt(k) === COLON) {
      for (k++; k < end && vector.charCodeAt(k) !== SPACE; k++) {
        const code = vector.charCodeAt(k);
        if (code === WEIGHT_A) weight = 3;
        else if (code === WEIGHT_B && weight < 2) weight = 2;
      }
    }
    each(lexeme, weight);
  }
}

/** The aisle cut to its first `size` entries (a catalog shrunk while being read). */
function shrunk(aisle: DepartmentAisle, size: number): DepartmentAisle {
  if (size === aisle.size) return aisle;
  const cut: DepartmentAisle = {
    ...aisle,
    size,
    idWords: aisle.idWords.slice(0, size * 4),
    brand: aisle.brand.slice(0, size),
    subcategory: aisle.subcategory.slice(0, size),
    department: aisle.department?.slice(0, size),
    price: aisle.price.slice(0, size),
    ratingTenths: aisle.ratingTenths.slice(0, size),
    reviews: aisle.reviews.slice(0, size),
    flags: aisle.flags.slice(0, size),
    created: aisle.created.slice(0, size),
    byBrandPrice: new Uint32Array(size),
  };
  return cut;
}

/**
 * The index of a filled aisle (entries in catalog order) and its postings: the entries numbered
 * by department and subcategory (aisle-index.ts `groupBySubcategory`), every lexeme's postings in
 * one array in that numbering, in entry order, the lexemes sorted by code unit.
 */
function indexOf(aisle: DepartmentAisle, pieces: Map<string, Uint32Array[]>, vocabulary: Vocabulary): SearchIndex {
  const { newOf, groupOf, groups } = groupBySubcategory(aisle);
  finishAisle(aisle);
  const lexemes = [...pieces.keys()].sort();
  const starts = new Uint32Array(lexemes.length + 1);
  let total = 0;
  lexemes.forEach((lexeme, l) => {
    for (const piece of pieces.get(lexeme) ?? []) total += piece.length;
    starts[l + 1] = total;
  });
  const postings = new Uint32Array(total);
  // Renumbered, a lexeme's postings are in order within each group (catalog order is kept within
  // one): a stable counting sort by group puts them in order, in two passes.
  const count = new Uint32Array(groups + 1);
  let read = new Uint32Array(0);
  let at = 0;
  for (const lexeme of lexemes) {
    const first = at;
    for (const piece of pieces.get(lexeme) ?? []) {
      for (let k = 0; k < piece.length; k++) {
        const posting = piece[k] as number;
        postings[at++] = (newOf[posting >>> 2] as number) * 4 + (posting & 3);
      }
    }
    pieces.delete(lexeme);
    const mine = postings.subarray(first, at);
    if (mine.length < SORTED_BELOW) {
      mine.sort();
      continue;
    }
    if (read.length < mine.length) read = new Uint32Array(mine.length);
    read.set(mine);
    count.fill(0);
    for (let k = 0; k < mine.length; k++) {
      const g = (groupOf[(read[k] as number) >>> 2] as number) + 1;
      count[g] = (count[g] as number) + 1;
    }
    for (let g = 1; g <= groups; g++) count[g] = (count[g] as number) + (count[g - 1] as number);
    for (let k = 0; k < mine.length; k++) {
      const posting = read[k] as number;
      const g = groupOf[posting >>> 2] as number;
      mine[count[g] as number] = posting;
      count[g] = (count[g] as number) + 1;
    }
  }
  const { bestStarts, best } = bestPostings(aisle, starts, postings);
  const index: SearchIndex = {
    aisle,
    lexemes,
    starts,
    postings,
    bestStarts,
    best,
    tallied: new Map(),
    ranks: new Map(),
    scratch: new Uint8Array(aisle.size),
    gathered: new Uint32Array(aisle.size),
    vocabulary,
  };
  tallyWords(index);
  return index;
}

/**
 * A word matching at least one product in this many has its figures with nothing chosen kept:
 * 2 000 matches and more at a million products, where counting them takes a third of a search.
 */
const TALLIED_SHARE = 500;

/** A set of lexemes as a key: their numbers in order. */
const lexemeSetKey = (lexemeIds: Set<number>) => [...lexemeIds].sort((a, b) => a - b).join(' ');

/**
 * Keeps, ahead of time, the figures with nothing chosen of every vocabulary word matching at
 * least one product in TALLIED_SHARE, by the lexemes it matches: a one-word search then counts
 * only what is in stock (decision 0058). Words of the same lexemes share their figures.
 */
function tallyWords(index: SearchIndex): void {
  const { vocabulary, starts, tallied } = index;
  const least = Math.max(1, Math.ceil(index.aisle.size / TALLIED_SHARE));
  for (let term = 0; term < vocabulary.terms.length; term++) {
    const patterns = termPatterns(vocabulary, term);
    if (!patterns) continue;
    const lexemeIds = lexemesOf(index, patterns);
    let postings = 0;
    for (const l of lexemeIds) postings += (starts[l + 1] as number) - (starts[l] as number);
    if (postings < least) continue;
    const key = lexemeSetKey(lexemeIds);
    if (tallied.has(key)) continue;
    const { entries } = matchWord(index, lexemeIds);
    if (entries.length >= least) tallied.set(key, keepTallies(index.aisle, entries));
  }
}

/** How many of each lexeme's postings are kept in relevance order: three pages of 24. */
export const BEST_KEPT = 72;

/** A posting's place in relevance order among `size` entries: weight class highest first, then catalog rank. */
const relevanceKey = (weight: number, rank: number, size: number) => (3 - weight) * size + rank;

/** Each lexeme's BEST_KEPT most relevant postings, in relevance order (`SearchIndex.best`). */
function bestPostings(aisle: DepartmentAisle, starts: Uint32Array, postings: Uint32Array): { bestStarts: Uint32Array; best: Uint32Array } {
  const { size } = aisle;
  const rank = aisle.catalogRank;
  const byRank = orderOf(aisle, 'featured');
  if (!rank || !byRank) throw new Error('The search index has no catalog order');
  const lexemeCount = starts.length - 1;
  const bestStarts = new Uint32Array(starts.length);
  for (let l = 0; l < lexemeCount; l++) {
    bestStarts[l + 1] = (bestStarts[l] as number) + Math.min(BEST_KEPT, (starts[l + 1] as number) - (starts[l] as number));
  }
  const best = new Uint32Array(bestStarts[lexemeCount] as number);
  for (let l = 0; l < lexemeCount; l++) {
    const least = new LeastKept(BEST_KEPT);
    for (let k = starts[l] as number, end = starts[l + 1] as number; k < end; k++) {
      const posting = postings[k] as number;
      least.offer(relevanceKey(posting & 3, rank[posting >>> 2] as number, size));
    }
    let at = bestStarts[l] as number;
    for (const key of least.sorted()) {
      const weight = 3 - Math.floor(key / size);
      best[at++] = (byRank[key % size] as number) * 4 + weight;
    }
  }
  return { bestStarts, best };
}

/** Postings of a lexeme below this many are put in order by a sort; more, by their groups. */
const SORTED_BELOW = 512;

interface Kept {
  index?: SearchIndex;
  building?: Promise<SearchIndex>;
  refreshing?: Promise<void>;
}

/** Per database (a test's, the app's). */
const kept = new WeakMap<Database, Kept>();

function keptFor(db: Database): Kept {
  let entry = kept.get(db);
  if (!entry) {
    entry = {};
    kept.set(db, entry);
  }
  return entry;
}

/** The build in flight, or a new one: concurrent requests share it; a newer index replaces the kept one. */
function building(db: Database, state: Kept): Promise<SearchIndex> {
  state.building ??= buildSearchIndexNow(db)
    .then((index) => {
      if (!state.index || state.index.aisle.version <= index.aisle.version) state.index = index;
      return index;
    })
    .finally(() => {
      state.building = undefined;
    });
  return state.building;
}

/**
 * Reads the index now and keeps it, waiting for the whole build (a failed one throws): for a
 * process starting up, and the bench, so that shoppers' first searches need not wait.
 */
export function warmSearchIndex(db: Database): Promise<SearchIndex> {
  return building(db, keptFor(db));
}

/** `index` with its stock brought up to date first when older than STOCK_REFRESH_MS. */
async function withFreshStock(db: Database, state: Kept, index: SearchIndex): Promise<SearchIndex> {
  if (Date.now() - index.aisle.stockReadAt > STOCK_REFRESH_MS) {
    state.refreshing ??= refreshStock(db, index.aisle, undefined).finally(() => {
      state.refreshing = undefined;
    });
    await state.refreshing;
  }
  return index;
}

/**
 * The index at catalog version `version` (read by the caller's first statement), its stock
 * brought up to date first when older than STOCK_REFRESH_MS; undefined while it is being read
 * and not ready within BUILD_WAIT_MS (or its reading failed): the database answers then.
 */
export async function searchIndex(db: Database, version: number): Promise<SearchIndex | undefined> {
  const state = keptFor(db);
  const current = state.index;
  if (current && current.aisle.version === version) return withFreshStock(db, state, current);
  if (current && current.aisle.version > version) return undefined;
  const built = await Promise.race([building(db, state).catch(() => undefined), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), BUILD_WAIT_MS).unref())]);
  return built && built.aisle.version === version ? built : undefined;
}

/**
 * The index kept, without asking the catalog's version first: the caller checks the version its
 * answer was read at (the page's statement reads it) against the index's, and asks the database
 * otherwise. Undefined before the first build and while a newer one is read.
 */
export async function keptSearchIndex(db: Database): Promise<SearchIndex | undefined> {
  const state = keptFor(db);
  const current = state.index;
  if (!current || state.building) return undefined;
  return withFreshStock(db, state, current);
}

/** The first lexeme at or after `text`. */
function lexemeAtOrAfter(lexemes: string[], text: string): number {
  let low = 0;
  let high = lexemes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((lexemes[middle] as string) < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The lexemes a pattern matches: [from, to) of `lexemes`. */
function lexemeRange(lexemes: string[], pattern: LexemePattern): [number, number] {
  const from = lexemeAtOrAfter(lexemes, pattern.text);
  if (pattern.prefix) return [from, lexemeAtOrAfter(lexemes, `${pattern.text}\uffff`)];
  return lexemes[from] === pattern.text ? [from, from + 1] : [from, from];
}

/** One word's matches: entries (in no particular order), and the word's best weight class in each. */
interface WordMatch {
  entries: Uint32Array;
  weights: Uint8Array;
}

/** The lexemes a word's patterns match, each once (its stem starts the word as typed: they overlap). */
function lexemesOf(index: SearchIndex, patterns: WordPatterns): Set<number> {
  const lexemeIds = new Set<number>();
  for (const pattern of patterns) {
    const [from, to] = lexemeRange(index.lexemes, pattern);
    for (let l = from; l < to; l++) lexemeIds.add(l);
  }
  return lexemeIds;
}

/**
 * Adds the entries of `postings[from]` to `postings[to - 1]` to the index's `gathered` from
 * `count` on, each once, and keeps each one's best weight class in its `scratch` (zero: not yet
 * met, as weight classes start at 1). Returns the new count; the caller clears the scratch.
 */
function gather(index: SearchIndex, postings: Uint32Array, from: number, to: number, count: number): number {
  const { scratch: best, gathered } = index;
  let at = count;
  for (let k = from; k < to; k++) {
    const posting = postings[k] as number;
    const entry = posting >>> 2;
    const weight = posting & 3;
    const was = best[entry] as number;
    if (was === 0) gathered[at++] = entry;
    if (weight > was) best[entry] = weight;
  }
  return at;
}

/** The entries a word's lexemes name, each with the best weight class it has among them. */
function matchWord(index: SearchIndex, lexemeIds: Set<number>): WordMatch {
  const { starts, postings, scratch: best, gathered } = index;
  let count = 0;
  for (const l of lexemeIds) count = gather(index, postings, starts[l] as number, starts[l + 1] as number, count);
  const entries = gathered.slice(0, count);
  // Not merged into entry order: no answer depends on the matches' order (ties go by catalog
  // rank), and each lexeme's run, in entry order, already reads the columns in order.
  const weights = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    const entry = entries[k] as number;
    weights[k] = best[entry] as number;
    best[entry] = 0;
  }
  return { entries, weights };
}

/** A query's matches (in no particular order), and each one's relevance score. */
export interface SearchMatch {
  entries: Uint32Array;
  scores: Uint8Array;
  /** The one word matched, when the query has one: its best matches are kept (`bestOfOneWord`). */
  oneWord?: WordPatterns;
  /** That word's figures with nothing chosen, when kept ahead of time (`tallyWords`). */
  tallied?: KeptTallies;
}

/**
 * The products matching every word (`every`), or any word, each scored with the sum over the
 * words of the best weight class the word has in it, as the database's search scores them.
 */
export function matchWords(index: SearchIndex, words: WordPatterns[], every: boolean): SearchMatch {
  const lexemeSets = words.map((patterns) => lexemesOf(index, patterns));
  const matches = lexemeSets.map((lexemeIds) => matchWord(index, lexemeIds));
  const mark = index.scratch;
  // One word: its matches as they are, each scored with its weight.
  if (matches.length === 1 && matches[0] && lexemeSets[0]) {
    const tallied = index.tallied.get(lexemeSetKey(lexemeSets[0]));
    return { entries: matches[0].entries, scores: matches[0].weights, oneWord: words[0], tallied };
  }
  if (every) {
    matches.sort((a, b) => a.entries.length - b.entries.length);
    const first = matches[0] ?? { entries: new Uint32Array(0), weights: new Uint8Array(0) };
    let entries = first.entries;
    const scores = Uint8Array.from(first.weights);
    let count = entries.length;
    for (const other of matches.slice(1)) {
      for (let k = 0; k < other.entries.length; k++) mark[other.entries[k] as number] = other.weights[k] as number;
      let kept = 0;
      for (let k = 0; k < count; k++) {
        const entry = entries[k] as number;
        const weight = mark[entry] as number;
        if (weight === 0) continue;
        entries[kept] = entry;
        scores[kept++] = (scores[k] as number) + weight;
      }
      count = kept;
      for (const entry of other.entries) mark[entry] = 0;
      entries = entries.subarray(0, count);
    }
    return { entries: entries.slice(0, count), scores: scores.slice(0, count) };
  }
  // Any word: the union, scored by the words each entry has.
  const union = new Set<number>();
  for (const { entries, weights } of matches) {
    entries.forEach((entry, k) => {
      if (mark[entry] === 0) union.add(entry);
      mark[entry] = (mark[entry] as number) + (weights[k] as number);
    });
  }
  const entries = Uint32Array.from(union).sort();
  const scores = new Uint8Array(entries.length);
  entries.forEach((entry, k) => {
    scores[k] = mark[entry] as number;
    mark[entry] = 0;
  });
  return { entries, scores };
}

/** Rank of every entry in `sort`'s order. */
function ranksOf(index: SearchIndex, sort: AisleSort, order: Uint32Array): Uint32Array {
  const made = sort === 'featured' ? index.aisle.catalogRank : index.ranks.get(sort);
  if (made) return made;
  const ranks = new Uint32Array(order.length);
  order.forEach((entry, rank) => (ranks[entry] = rank));
  index.ranks.set(sort, ranks);
  return ranks;
}

/**
 * One page's ids: the matches passing every chosen filter, in `sort`'s order, from `offset`.
 * Relevance is the score, highest first, then catalog order; featured is catalog order; every
 * other sort walks its order over the whole catalog when the passing matches are dense enough for
 * the page to turn up early, or else sorts them by their rank in it.
 */
export function searchPage(index: SearchIndex, match: SearchMatch, chosen: Chosen | undefined, sort: AisleSort, offset: number, limit: number): string[] {
  const { aisle } = index;
  const { entries, scores } = match;
  const everyMatch = chosen === undefined || chosen.unchosen === ALL;
  let passing = entries;
  let scored = scores;
  if (!everyMatch) {
    passing = new Uint32Array(entries.length);
    scored = new Uint8Array(entries.length);
    let count = 0;
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[k] as number;
      if (passes(aisle, chosen, entry) !== ALL) continue;
      passing[count] = entry;
      scored[count++] = scores[k] as number;
    }
    passing = passing.subarray(0, count);
    scored = scored.subarray(0, count);
  }
  const ids = (page: Uint32Array) => Array.from(page, (entry) => idOf(aisle, entry));
  const order = orderOf(aisle, sort);
  if (sort === 'relevance') {
    // One word's first pages, unfiltered: from its lexemes' best postings.
    if (everyMatch && match.oneWord && offset + limit <= BEST_KEPT) return ids(bestOfOneWord(index, match.oneWord, offset + limit).subarray(offset));
    const { catalogRank } = aisle;
    const byRank = orderOf(aisle, 'featured');
    if (!catalogRank || !byRank) throw new Error('The search index has no catalog order');
    return ids(byRelevance(passing, scored, offset, limit, catalogRank, byRank));
  }
  if (order === undefined) return ids(passing.subarray(offset, offset + limit));
  const wanted = offset + limit;
  // Walking visits about wanted × size / passing entries of the order; sorting, passing × log(passing).
  if (passing.length > 0 && (wanted * aisle.size) / passing.length < passing.length * Math.log2(passing.length + 1)) {
    const mark = index.scratch;
    for (let k = 0; k < passing.length; k++) mark[passing[k] as number] = 1;
    const found = new Uint32Array(Math.min(wanted, passing.length));
    let count = 0;
    for (let k = 0; k < order.length && count < found.length; k++) {
      const entry = order[k] as number;
      if (mark[entry] === 1) found[count++] = entry;
    }
    for (let k = 0; k < passing.length; k++) mark[passing[k] as number] = 0;
    return ids(found.subarray(offset, count));
  }
  const ranks = ranksOf(index, sort, order);
  const sorted = new Uint32Array(passing.length);
  for (let k = 0; k < passing.length; k++) sorted[k] = ranks[passing[k] as number] as number;
  sorted.sort();
  return ids(sorted.subarray(offset, offset + limit).map((rank) => order[rank] as number));
}

/**
 * The entries from `offset` (at most `limit`) in relevance order: score highest first, then
 * catalog order (`rank`, each entry's place in it, and `byRank`, the entries in it). Counts
 * each score, then orders only the scores the page reaches, and of each only as many entries as
 * the page needs.
 */
function byRelevance(entries: Uint32Array, scores: Uint8Array, offset: number, limit: number, rank: Uint32Array, byRank: Uint32Array): Uint32Array {
  const levels = new Int32Array(256);
  for (let k = 0; k < scores.length; k++) levels[scores[k] as number] = (levels[scores[k] as number] as number) + 1;
  const end = Math.min(offset + limit, entries.length);
  const page = new Uint32Array(Math.max(0, end - offset));
  // Where each score's entries start in the whole order, highest score first.
  const starts = new Int32Array(256);
  let at = 0;
  for (let score = 255; score >= 0; score--) {
    starts[score] = at;
    at += levels[score] as number;
  }
  for (let score = 255; score >= 0; score--) {
    const from = starts[score] as number;
    const to = from + (levels[score] as number);
    if (to <= offset || from >= end || from === to) continue;
    // This score's places the page holds: its `skip`-th to `need - 1`-th in catalog order.
    const skip = Math.max(offset, from) - from;
    const need = Math.min(end, to) - from;
    const least = smallestRanks(entries, scores, score, rank, need);
    for (let k = skip; k < need; k++) page[from + k - offset] = byRank[least[k] as number] as number;
  }
  return page;
}

/** The `need` least catalog ranks among the entries scored `score`, in order. */
function smallestRanks(entries: Uint32Array, scores: Uint8Array, score: number, rank: Uint32Array, need: number): Uint32Array {
  const least = new LeastKept(need);
  for (let k = 0; k < entries.length; k++) if (scores[k] === score) least.offer(rank[entries[k] as number] as number);
  return Uint32Array.from(least.sorted());
}

/**
 * The `need` (at most BEST_KEPT) most relevant matches of one word, unfiltered, most relevant
 * first, from its lexemes' best postings alone. An entry's score is its best weight class among
 * the word's lexemes, and each posting ahead of that one in its lexeme's list is of an entry
 * ahead of it in the word's order: so the word's `need` best are among the first `need` of
 * each lexeme's list.
 */
export function bestOfOneWord(index: SearchIndex, patterns: WordPatterns, need: number): Uint32Array {
  if (need > BEST_KEPT) throw new Error(`Only the best ${BEST_KEPT} of a lexeme are kept`);
  const { aisle, bestStarts, best, scratch: weightOf, gathered } = index;
  const rank = aisle.catalogRank;
  const byRank = orderOf(aisle, 'featured');
  if (!rank || !byRank) throw new Error('The search index has no catalog order');
  let count = 0;
  for (const l of lexemesOf(index, patterns)) {
    const from = bestStarts[l] as number;
    count = gather(index, best, from, Math.min(bestStarts[l + 1] as number, from + need), count);
  }
  const least = new LeastKept(need);
  for (let k = 0; k < count; k++) {
    const entry = gathered[k] as number;
    least.offer(relevanceKey(weightOf[entry] as number, rank[entry] as number, aisle.size));
    weightOf[entry] = 0;
  }
  return Uint32Array.from(least.sorted(), (key) => byRank[key % aisle.size] as number);
}

/**
 * The `limit` best matches' ids, most relevant first (suggestions): of one word, from its
 * lexemes' best postings; of more, from their matches (`match`, made when needed).
 */
export function bestMatches(index: SearchIndex, words: WordPatterns[], match: () => SearchMatch, limit: number): string[] {
  const [word] = words;
  if (words.length === 1 && word && limit <= BEST_KEPT) return Array.from(bestOfOneWord(index, word, limit), (entry) => idOf(index.aisle, entry));
  return searchPage(index, match(), undefined, 'relevance', 0, limit);
}

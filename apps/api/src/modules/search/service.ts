import type { Language } from '@dukkan/contracts/common';
import { MAX_SUGGESTIONS, type ProductSearchResponse, type SearchSuggestion } from '@dukkan/contracts/search';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { categories, products, searchTerms } from '../../db/schema';
import { readAisle, type AisleMemo, type AisleRequest, type AisleScope } from '../catalog/aisle';

import { isArabicWord, isSearchWord } from './normalize';

/**
 * Search in PostgreSQL (docs/decisions/0008-search-in-postgresql.md), in two statements:
 * 1. each query word is checked against the vocabulary (`search_terms`): a word that starts no
 *    known word gets its closest known words by trigram similarity as alternatives (typos);
 * 2. the words become one tsquery — every word must match, each by any of its alternatives, by
 *    prefix — answered from the GIN index on `products.search_vector` and ranked by `ts_rank`
 *    (title above brand above description). When no product has every word, any word will do.
 */

/** Words shorter than this match whole words only: a one- or two-letter prefix matches too much to rank. */
const MIN_PREFIX_LENGTH = 3;
/** Words shorter than this, or with digits (model numbers), are never "corrected". */
const MIN_CORRECTION_LENGTH = 4;
/**
 * Known words tried in place of an unknown one: those `%` finds (trigram similarity of at least
 * pg_trgm's 0.3), at most three, and only those nearly as similar as the best ("bluetoth" →
 * "bluetooth" 0.73, not also "blue" 0.4, which would let in every blue product).
 */
const MAX_CORRECTIONS = 3;
const CLOSE_TO_BEST = 0.8;

// Text-search configurations are fixed SQL, never input; as literals they let PostgreSQL fold each
// to_tsquery(...) into a constant once per statement instead of once per ranked row.
const ENGLISH = sql.raw(`'english'::regconfig`);
const ARABIC = sql.raw(`'arabic'::regconfig`);
const SIMPLE = sql.raw(`'simple'::regconfig`);

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A query word and what may stand for it. */
interface WordPlan {
  word: string;
  /** An English stop word ("the", "for"): says nothing unless it is the word being typed. */
  stopword: boolean;
  /** Known words to try as well, when the word itself starts none (a typo). */
  corrections: string[];
}

/** Step 1: one statement that looks every word up in the vocabulary. */
async function planWords(db: Transaction, words: string[]): Promise<WordPlan[]> {
  const list = sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select({
      word: sql<string>`w.word`,
      stopword: sql<boolean>`ts_lexize('english_stem'::regdictionary, w.word) = '{}'::text[]`,
      // A known word, or the start of one, is taken as typed. The prefix test is a range on the
      // text_pattern_ops index (LIKE cannot use it with a pattern that is not a constant).
      corrections: sql<string[]>`case
        when exists (
          select 1 from ${searchTerms} t
          where t.term ~>=~ w.word and t.term ~<~ (w.word || chr(1114111))
        ) then '{}'::text[]
        when char_length(w.word) < ${MIN_CORRECTION_LENGTH} or w.word ~ '[0-9]' then '{}'::text[]
        else array(
          select c.term from (
            select t.term, similarity(t.term, w.word) as sim, max(similarity(t.term, w.word)) over () as best
            from ${searchTerms} t
            where t.term % w.word and ts_lexize('english_stem'::regdictionary, t.term) <> '{}'::text[]
          ) c
          where c.sim >= ${CLOSE_TO_BEST} * c.best
          order by c.sim desc, c.term
          limit ${MAX_CORRECTIONS}
        )
      end`,
    })
    .from(sql`unnest(${list}) with ordinality as w(word, n)`)
    .orderBy(sql`w.n`);
  return rows.map((r) => ({ ...r, corrections: r.corrections.filter(isSearchWord) }));
}

/**
 * One word (or a correction of it) as a tsquery: stemmed in its language and, for titles and
 * brands, as typed; by prefix unless too short. Safe by construction: a search word holds only
 * letters and digits (see normalize.ts), so it can carry no tsquery operator, and it is a bound
 * parameter, never SQL text.
 */
function wordQuery(word: string, asTypedOnly = false): SQL {
  if (!isSearchWord(word)) throw new Error(`Not a search word: ${JSON.stringify(word)}`);
  const term = word.length >= MIN_PREFIX_LENGTH ? `${word}:*` : word;
  const asTyped = sql`to_tsquery(${SIMPLE}, ${term})`;
  if (asTypedOnly) return asTyped;
  const stemmed = sql`to_tsquery(${isArabicWord(word) ? ARABIC : ENGLISH}, ${term})`;
  // "premium" stems to itself: asking for it twice would double the planner's estimate of the
  // matches and, for a common word, tip it into reading the whole table.
  return sql`(case when ${stemmed} = ${asTyped} then ${asTyped} else ${stemmed} || ${asTyped} end)`;
}

/**
 * One tsquery per word that counts, matching the word or any of its corrections. Stop words
 * count only as the word being typed ("the" may become "thermos"), and then only as typed: the
 * stemming configurations drop them.
 */
function wordGroups(plans: WordPlan[]): SQL[] {
  return plans.flatMap((p, i) => {
    const typing = i === plans.length - 1;
    if (p.stopword && !typing) return [];
    const alternatives = [wordQuery(p.word, p.stopword), ...p.corrections.map((c) => wordQuery(c))];
    return [sql`(${sql.join(alternatives, sql` || `)})`];
  });
}

const allOf = (groups: SQL[]) => sql.join(groups, sql` && `);
const anyOf = (groups: SQL[]) => sql.join(groups, sql` || `);

/** A published product (drafts and archived ones are never found) matching the query. */
const matches = (query: SQL) => sql`${products.searchVector} @@ (${query}) and ${products.status} = 'published'`;
const rank = (query: SQL) => sql<number>`ts_rank(${products.searchVector}, ${query})`;

/** The published products matching `query`, ranked by it: a search's aisle. */
const searchScope = (query: SQL): AisleScope => ({ where: matches(query), rank: rank(query) });

/** Search's aisle over `scope` (named by `scopeKey`); the `inScope` figure is how many matched before filters. */
const readSearchAisle = (tx: Transaction, lng: Language, scope: AisleScope, scopeKey: string, request: AisleRequest, memo: AisleMemo | undefined) =>
  readAisle(tx, lng, scope, request, { withDepartments: true, scopeKey, memo });

/**
 * Runs a search's statements in one read-only transaction in which the planner may not read
 * `products` whole. PostgreSQL prices `@@` on a row as cheap as `=` and so, for a word a fifth of
 * the catalog contains ("hea", typed on the way to "headphones"), prefers a scan testing all
 * 100 000 documents (~100 ms) over the GIN index (~17 ms). The index is never the worse choice
 * by much, so the whole-table scan is switched off for these statements only.
 */
function withIndexedSearch<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return work(tx);
    },
    { accessMode: 'read only' },
  );
}

/**
 * Products matching the query words (from `searchWords`), narrowed, sorted and paged as `request`
 * asks (most relevant first by default), with the facets of the matches, in the request's
 * language. No words, or only stop words, is an empty aisle.
 */
export async function searchProducts(db: Database, lng: Language, words: string[], request: AisleRequest, memo?: AisleMemo): Promise<ProductSearchResponse> {
  return withIndexedSearch(db, async (tx) => {
    const groups = words.length === 0 ? [] : wordGroups(await planWords(tx, words));
    if (groups.length === 0) return withoutScope(await readSearchAisle(tx, lng, NOTHING, 'nothing', request, memo));
    const key = words.join(' ');
    const found = await readSearchAisle(tx, lng, searchScope(allOf(groups)), `search-all:${key}`, request, memo);
    // When no product has every word, any word will do; decided before filters, so counts agree.
    if (found.inScope > 0 || groups.length === 1) return withoutScope(found);
    return withoutScope(await readSearchAisle(tx, lng, searchScope(anyOf(groups)), `search-any:${key}`, request, memo));
  });
}

/** A search with no words matches nothing: an empty aisle that still lists the chosen filters. */
const NOTHING: AisleScope = { where: sql`false` };

function withoutScope({ inScope: _inScope, ...aisle }: ProductSearchResponse & { inScope: number }): ProductSearchResponse {
  return aisle;
}

/** Up to eight titles for search-as-you-type, most relevant first, in the request's language. */
export async function suggestProducts(db: Database, lng: Language, words: string[]): Promise<SearchSuggestion[]> {
  if (words.length === 0) return [];
  return withIndexedSearch(db, async (tx) => {
    const groups = wordGroups(await planWords(tx, words));
    if (groups.length === 0) return [];
    const find = async (query: SQL) => {
      const rows = await tx
        .select({ id: products.id, titleEn: products.titleEn, titleAr: products.titleAr, category: categories.slug })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(matches(query))
        .orderBy(desc(rank(query)), asc(products.position), asc(products.id))
        .limit(MAX_SUGGESTIONS);
      return rows.map((r) => ({ _id: r.id, title: lng === 'ar' ? r.titleAr : r.titleEn, category: r.category }));
    };
    const found = await find(allOf(groups));
    if (found.length > 0 || groups.length === 1) return found;
    return find(anyOf(groups));
  });
}

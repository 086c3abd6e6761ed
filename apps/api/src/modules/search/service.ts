import type { Language } from '@dukkan/contracts/common';
import { MAX_SUGGESTIONS, type ProductSearchResponse, type SearchSuggestion } from '@dukkan/contracts/search';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';

import { rowsOf, type Database } from '../../db/client';
import { namedColumns, statementOverIds } from '../../db/embedded-statement';
import { categories, products, searchTerms } from '../../db/schema';
import { catalogVersionNow, readCatalogVersion } from '../../lib/catalog-version';
import { readAisle, readSearchAisleInMemory, type AisleMemo, type AisleRequest, type AisleScope } from '../catalog/aisle';

import { isArabicWord, isSearchWord } from './normalize';
import { bestMatches, keptSearchIndex, matchWords, searchIndex, searchPage, type SearchIndex, type SearchMatch, type WordPatterns } from './search-index';
import { correctableHere, correctionsOf, patternsOf, startsSomeTerm, type LexemePattern, type Vocabulary } from './vocabulary';

/**
 * Search in PostgreSQL (docs/decisions/0008-search-in-postgresql.md), in two statements:
 * 1. each query word is checked against the vocabulary (`search_terms`): a word that starts no
 *    known word gets its closest known words by trigram similarity as alternatives (typos);
 * 2. the words become one tsquery — every word must match, each by any of its alternatives, by
 *    prefix — answered from the GIN index on `products.search_vector` and ranked by the sum of
 *    each word's best place (title 3, brand 2, description 1). When no product has every word,
 *    any word will do.
 * Once the search index (search-index.ts, decision 0058) is current, step 2 is answered from it in
 * memory instead, with the same answer; step 1 prints the lexemes it looks up.
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
  /**
   * The lexemes the word's tsquery (`wordQuery`) matches, and each correction's: as the search
   * index looks them up. Undefined when one of them is not one lexeme (a word the parser splits).
   */
  patterns: LexemePattern[] | undefined;
}

/** A word as `to_tsquery` is given it: by prefix unless too short. */
const termOf = (word: string) => (word.length >= MIN_PREFIX_LENGTH ? `${word}:*` : word);

/** Words as an SQL array of bound parameters. */
const textArray = (values: string[]) => sql`array[${sql.join(
  values.map((w) => sql`${w}`),
  sql`, `,
)}]::text[]`;

/** The text-search configuration a word is stemmed with. */
const configOf = (word: string) => (isArabicWord(word) ? 'arabic' : 'english');

/** A statement's rows, from either driver. */

/** The letters that make a word Arabic (normalize.ts `isArabicWord`), as a regular expression for SQL. */
const ARABIC_LETTER = '[\u0621-\u06D3]';

/** Separates a correction's two printed tsqueries. */
const PAIR = '\u0001';

/**
 * Step 1: one statement that looks every word up in the vocabulary, prints the lexemes each
 * word's tsquery and its corrections' match, and reads the catalog's version.
 */
async function planWords(db: Pick<Database, 'select'>, words: string[]): Promise<{ plans: WordPlan[]; version: number }> {
  const rows = await db
    .select({
      word: sql<string>`w.word`,
      stopword: sql<boolean>`s.stopword`,
      corrections: sql<string[]>`c.corrections`,
      stemmed: sql<string>`case when s.stopword then '' else to_tsquery(w.config::regconfig, w.term)::text end`,
      typed: sql<string>`to_tsquery(${SIMPLE}, w.term)::text`,
      correctionQueries: sql<string[]>`array(
        select to_tsquery((case when t ~ ${ARABIC_LETTER} then 'arabic' else 'english' end)::regconfig, t || ':*')::text
          || ${PAIR} || to_tsquery(${SIMPLE}, t || ':*')::text
        from unnest(c.corrections) with ordinality as x(t, k) order by k)`,
      version: catalogVersionNow,
    })
    .from(
      sql`unnest(${textArray(words)}, ${textArray(words.map(configOf))}, ${textArray(words.map(termOf))}) with ordinality as w(word, config, term, n)
      cross join lateral (select ts_lexize('english_stem'::regdictionary, w.word) = '{}'::text[] as stopword) s
      cross join lateral (select case
        -- A known word, or the start of one, is taken as typed. The prefix test is a range on the
        -- text_pattern_ops index (LIKE cannot use it with a pattern that is not a constant).
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
      end as corrections) c`,
    )
    .orderBy(sql`w.n`);
  const plans = rows.map((r) => {
    const kept = r.corrections.flatMap((correction, k) => (isSearchWord(correction) ? [{ correction, queries: (r.correctionQueries[k] ?? '').split(PAIR) }] : []));
    return {
      word: r.word,
      stopword: r.stopword,
      corrections: kept.map((k) => k.correction),
      patterns: patternsOf([r.stemmed, r.typed, ...kept.flatMap((k) => k.queries)]),
    };
  });
  return { plans, version: Number(rows[0]?.version ?? 0) };
}

/** How the database reads a word: whether it is an English stop word, its tsqueries as text. */
interface Stem {
  stopword: boolean;
  stemmed: string;
  typed: string;
}

/**
 * Stems of words outside the vocabulary, kept per database: what the database's dictionaries make
 * of a word never changes, so a word typed again (a prefix, a typo) needs no statement.
 */
const stemsKept = new WeakMap<Pick<Database, 'execute'>, Map<string, Stem>>();
const STEMS_KEPT = 10_000;

/** The stems of `words` as `planWords` makes them: from the vocabulary, from those kept, else in one statement. */
async function stemsOf(db: Pick<Database, 'execute'>, vocabulary: Vocabulary, words: string[]): Promise<Map<string, Stem>> {
  const kept = stemsKept.get(db) ?? new Map<string, Stem>();
  stemsKept.set(db, kept);
  const stems = new Map<string, Stem>();
  const missing: string[] = [];
  for (const word of words) {
    const term = word.length >= MIN_PREFIX_LENGTH ? vocabulary.byTerm.get(word) : undefined;
    if (term !== undefined) {
      const stopword = vocabulary.stopword[term] === 1;
      stems.set(word, { stopword, stemmed: stopword ? '' : (vocabulary.stemmed[term] as string), typed: vocabulary.typed[term] as string });
    } else {
      const stem = kept.get(word);
      if (stem) stems.set(word, stem);
      else missing.push(word);
    }
  }
  if (missing.length === 0) return stems;
  const rows = rowsOf<{ word: string; stopword: boolean | null; stemmed: string; typed: string }>(
    await db.execute(sql`
    select w.word, s.stopword,
      case when s.stopword then '' else to_tsquery(w.config::regconfig, w.term)::text end as stemmed,
      to_tsquery(${SIMPLE}, w.term)::text as typed
    from unnest(${textArray(missing)}, ${textArray(missing.map(configOf))}, ${textArray(missing.map(termOf))}) as w(word, config, term)
    cross join lateral (select ts_lexize('english_stem'::regdictionary, w.word) = '{}'::text[] as stopword) s`),
  );
  if (kept.size + rows.length > STEMS_KEPT) kept.clear();
  for (const row of rows) {
    const stem = { stopword: row.stopword === true, stemmed: row.stemmed, typed: row.typed };
    kept.set(row.word, stem);
    stems.set(row.word, stem);
  }
  return stems;
}

/**
 * `planWords` from the search index's vocabulary: the same plans, without a statement for words
 * the vocabulary holds. Undefined when a word needs the database (an unknown word it cannot
 * correct here: not ASCII letters).
 */
async function planWordsInMemory(db: Pick<Database, 'execute'>, vocabulary: Vocabulary, words: string[]): Promise<WordPlan[] | undefined> {
  const corrected: string[][] = [];
  for (const word of words) {
    if (startsSomeTerm(vocabulary, word) || [...word].length < MIN_CORRECTION_LENGTH || /[0-9]/.test(word)) corrected.push([]);
    else if (correctableHere(word)) corrected.push(correctionsOf(vocabulary, word, MAX_CORRECTIONS, CLOSE_TO_BEST).filter(isSearchWord));
    else return undefined;
  }
  const stems = await stemsOf(db, vocabulary, words);
  return words.map((word, k) => {
    const stem = stems.get(word) as Stem;
    const corrections = corrected[k] ?? [];
    const queries = corrections.flatMap((correction) => {
      const term = vocabulary.byTerm.get(correction) as number;
      return [vocabulary.stemmed[term] as string, vocabulary.typed[term] as string];
    });
    return { word, stopword: stem.stopword, corrections, patterns: patternsOf([stem.stemmed, stem.typed, ...queries]) };
  });
}

/** Both ways of planning words, for the tests that hold them equal. */
export const planningForTests = { planWords, planWordsInMemory };

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

/**
 * The lexemes of each word that counts, as `wordGroups` makes its tsqueries: for the search
 * index. Undefined when one is not a lexeme the index can look up.
 */
function wordPatterns(plans: WordPlan[]): WordPatterns[] | undefined {
  const words: WordPatterns[] = [];
  for (const [i, p] of plans.entries()) {
    if (p.stopword && i !== plans.length - 1) continue;
    if (p.patterns === undefined) return undefined;
    words.push(p.patterns);
  }
  return words;
}

const allOf = (groups: SQL[]) => sql.join(groups, sql` && `);
const anyOf = (groups: SQL[]) => sql.join(groups, sql` || `);

/** A published product (drafts and archived ones are never found) matching the query. */
const matches = (query: SQL) => sql`${products.searchVector} @@ (${query}) and ${products.status} = 'published'`;

/** The best weight class a word (its group) has in a product: 3 in the title, 2 the brand, 1 the description, 0 none. */
const weightOf = (group: SQL) => sql`(case
  when ts_filter(${products.searchVector}, '{a}') @@ ${group} then 3
  when ts_filter(${products.searchVector}, '{a,b}') @@ ${group} then 2
  when ${products.searchVector} @@ ${group} then 1 else 0 end)`;

/**
 * A product's relevance to the words (decision 0058): the sum over the words of the best weight
 * class each has in it. The search index scores its matches the same way, so both answer alike.
 */
const relevance = (groups: SQL[]) => sql<number>`(${sql.join(groups.map(weightOf), sql` + `)})`;

/** The published products matching `query`, ranked by the words' `groups`: a search's aisle. */
const searchScope = (query: SQL, groups: SQL[]): AisleScope => ({ where: matches(query), rank: relevance(groups) });

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

/** How a search is answered: `inDatabase` skips the search index (tests compare the two). */
export interface SearchOptions {
  inDatabase?: boolean;
  /** Told which answered. */
  answeredBy?: (source: 'index' | 'database') => void;
}

/** What the index found of a query's words: their lexemes' patterns, and their matches when asked for. */
interface Found {
  index: SearchIndex;
  words: WordPatterns[];
  match: () => SearchMatch;
}

/**
 * The words as `index` can look them up, their matches made when first asked for: every word's
 * when some product has them all, else any word's. Undefined when a word is not a lexeme the
 * index can look up.
 */
function foundIn(index: SearchIndex, plans: WordPlan[]): Found | undefined {
  const words = wordPatterns(plans);
  if (words === undefined || words.length === 0) return undefined;
  let made: SearchMatch | undefined;
  const match = () => {
    if (made) return made;
    const every = matchWords(index, words, true);
    // When no product has every word, any word will do; decided before filters, so counts agree.
    made = every.entries.length > 0 || words.length === 1 ? every : matchWords(index, words, false);
    return made;
  };
  return { index, words, match };
}

/**
 * The search index at the version `planWords` read, and what it finds of the words. Undefined
 * when the database must answer (the index not ready, or a word it cannot look up).
 */
async function findInIndex(db: Database, plans: WordPlan[], version: number, options: SearchOptions): Promise<Found | undefined> {
  if (options.inDatabase || wordPatterns(plans)?.length === 0) return undefined;
  const index = await searchIndex(db, version);
  return index && foundIn(index, plans);
}

/**
 * The kept search index and what it finds of the words, planned from its vocabulary: no
 * statement before the page's, which reads the catalog's version the answer is then held to.
 * Undefined when there is none, or a word needs the database.
 */
async function findInKeptIndex(db: Database, words: string[], options: SearchOptions): Promise<Found | undefined> {
  const index = options.inDatabase ? undefined : await keptSearchIndex(db);
  const plans = index && (await planWordsInMemory(db, index.vocabulary, words));
  return index && plans && foundIn(index, plans);
}

/** Whether an answer read at `readAt` (undefined: no statement read it) is of `index`'s catalog. */
async function ofIndexVersion(db: Database, index: SearchIndex, readAt: number | undefined): Promise<boolean> {
  return (readAt ?? (await readCatalogVersion(db))) === index.aisle.version;
}

/**
 * `fromIndex`'s answer from the search index: the kept one with the words planned in memory, else
 * the one at the version `planWords` reads. Otherwise the plans (none for no words), for the
 * database to answer from. Tells `answeredBy` which answered.
 */
async function answerFromIndex<T>(
  db: Database,
  words: string[],
  options: SearchOptions,
  fromIndex: (found: Found) => Promise<T | undefined>,
): Promise<{ answer: T } | { plans: WordPlan[] }> {
  if (words.length === 0) {
    options.answeredBy?.('database');
    return { plans: [] };
  }
  const kept = await findInKeptIndex(db, words, options);
  let answer = kept && (await fromIndex(kept));
  if (answer === undefined) {
    const { plans, version } = await planWords(db, words);
    const inIndex = await findInIndex(db, plans, version, options);
    answer = inIndex && (await fromIndex(inIndex));
    if (answer === undefined) {
      options.answeredBy?.('database');
      return { plans };
    }
  }
  options.answeredBy?.('index');
  return { answer };
}

/**
 * Products matching the query words (from `searchWords`), narrowed, sorted and paged as `request`
 * asks (most relevant first by default), with the facets of the matches, in the request's
 * language. No words, or only stop words, is an empty aisle. The search index answers when it is
 * current; else the database, with the same answer.
 */
export async function searchProducts(db: Database, lng: Language, words: string[], request: AisleRequest, memo?: AisleMemo, options: SearchOptions = {}): Promise<ProductSearchResponse> {
  const fromIndex = async ({ index, match: matched }: Found) => {
    const { sort, page, pageSize } = request;
    const match = matched();
    const { version: readAt, ...answer } = await readSearchAisleInMemory(db, lng, index.aisle, request, memo, match, (chosen) =>
      searchPage(index, match, chosen, sort, (page - 1) * pageSize, pageSize),
    );
    // A catalog written since the index was read: the database answers instead.
    return (await ofIndexVersion(db, index, readAt)) ? answer : undefined;
  };
  const indexed = await answerFromIndex(db, words, options, fromIndex);
  if ('answer' in indexed) return indexed.answer;
  const groups = wordGroups(indexed.plans);
  return withIndexedSearch(db, async (tx) => {
    if (groups.length === 0) return withoutScope(await readSearchAisle(tx, lng, NOTHING, 'nothing', request, memo));
    const key = words.join(' ');
    const found = await readSearchAisle(tx, lng, searchScope(allOf(groups), groups), `search-all:${key}`, request, memo);
    // When no product has every word, any word will do; decided before filters, so counts agree.
    if (found.inScope > 0 || groups.length === 1) return withoutScope(found);
    return withoutScope(await readSearchAisle(tx, lng, searchScope(anyOf(groups), groups), `search-any:${key}`, request, memo));
  });
}

/** A search with no words matches nothing: an empty aisle that still lists the chosen filters. */
const NOTHING: AisleScope = { where: sql`false` };

function withoutScope({ inScope: _inScope, ...aisle }: ProductSearchResponse & { inScope: number }): ProductSearchResponse {
  return aisle;
}

/** What a suggestion is made of, and the catalog's version read with it. */
const suggestionColumns = {
  id: products.id,
  titleEn: products.titleEn,
  titleAr: products.titleAr,
  category: categories.slug,
  version: catalogVersionNow,
};

/** The suggestions' statement on the server, prepared by the driver (`= some(array)`: membership in an array, ANY's synonym). */
const prepareSuggestions = (db: Database) =>
  db
    .select(suggestionColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(sql`${products.id} = some(${sql.placeholder('ids')}::uuid[])`)
    .prepare('search_suggestions');

type SuggestionRow = Awaited<ReturnType<ReturnType<typeof prepareSuggestions>['execute']>>[number];

/** The rows of `ids`' suggestions, by the statement prepared for the database (planned once per connection or session). */
const suggestionRows = statementOverIds<SuggestionRow>({
  server: prepareSuggestions,
  embedded: {
    name: 'dukkan_search_suggestions',
    statement: sql`select ${namedColumns(suggestionColumns)} from ${products}
      inner join ${categories} on ${eq(products.categoryId, categories.id)}
      where ${products.id} = some($1)`,
  },
});

/** Suggestions of the products `ids`, in that order, and the catalog's version they were read at (none for no ids). */
async function suggestionsOf(db: Database, ids: string[], lng: Language): Promise<{ suggestions: SearchSuggestion[]; version: number | undefined }> {
  if (ids.length === 0) return { suggestions: [], version: undefined };
  const rows = await suggestionRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const suggestions = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toSuggestion(r, lng)] : [];
  });
  return { suggestions, version: rows[0] === undefined ? undefined : Number(rows[0].version) };
}

/** A product's suggestion: its id, its title in the request's language, its department. */
const toSuggestion = (r: { id: string; titleEn: string; titleAr: string; category: string }, lng: Language): SearchSuggestion => ({
  _id: r.id,
  title: lng === 'ar' ? r.titleAr : r.titleEn,
  category: r.category,
});

/** Up to eight titles for search-as-you-type, most relevant first, in the request's language. */
export async function suggestProducts(db: Database, lng: Language, words: string[], options: SearchOptions = {}): Promise<SearchSuggestion[]> {
  if (words.length === 0) return [];
  const fromIndex = async ({ index, words: found, match }: Found) => {
    const { suggestions, version } = await suggestionsOf(db, bestMatches(index, found, match, MAX_SUGGESTIONS), lng);
    return (await ofIndexVersion(db, index, version)) ? suggestions : undefined;
  };
  const indexed = await answerFromIndex(db, words, options, fromIndex);
  if ('answer' in indexed) return indexed.answer;
  const groups = wordGroups(indexed.plans);
  if (groups.length === 0) return [];
  return withIndexedSearch(db, async (tx) => {
    const find = async (query: SQL) => {
      const rows = await tx
        .select({ id: products.id, titleEn: products.titleEn, titleAr: products.titleAr, category: categories.slug })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(matches(query))
        .orderBy(desc(relevance(groups)), asc(products.position), asc(products.id))
        .limit(MAX_SUGGESTIONS);
      return rows.map((r) => toSuggestion(r, lng));
    };
    const found = await find(allOf(groups));
    if (found.length > 0 || groups.length === 1) return found;
    return find(anyOf(groups));
  });
}

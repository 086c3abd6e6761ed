import { sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { searchTerms } from '../../db/schema';

/*
 * The search vocabulary (`search_terms`) kept with the search index (decision 0058), so that a
 * query's words are looked up and corrected in memory, with the answers the database's
 * statements give (service.ts `planWords`):
 * - a word is known when some term starts with it (the vocabulary's prefix index, in code-point
 *   order as `~>=~` compares);
 * - an unknown word's corrections are the terms of pg_trgm similarity of at least 0.3 to it, as
 *   `%` finds them, computed from each term's trigrams as the database prints them (`show_trgm`,
 *   so its locale's idea of a letter is kept) and the word's, made here for ASCII words only;
 * - each term's tsqueries (stemmed and as typed, by prefix) are printed once, when read.
 */

/** A lexeme a query word matches: exactly, or every lexeme it starts. */
export interface LexemePattern {
  text: string;
  prefix: boolean;
}

/** What a tsquery of one lexeme prints: `'lexeme'`, or `'lexeme':*` for a prefix. */
const ONE_LEXEME = /^'([^'\\]+)'(:\*)?$/;

/** The lexemes of tsqueries printed as text (`''` for none), or undefined if one is not a lexeme. */
export function patternsOf(queries: string[]): LexemePattern[] | undefined {
  const patterns: LexemePattern[] = [];
  for (const query of queries) {
    if (query === '') continue;
    const lexeme = ONE_LEXEME.exec(query);
    if (!lexeme) return undefined;
    patterns.push({ text: lexeme[1] as string, prefix: lexeme[2] !== undefined });
  }
  return patterns;
}

/** The lexemes term `k` matches when typed as a query word of its own (as service.ts `stemsOf` plans it). */
export function termPatterns(vocabulary: Vocabulary, k: number): LexemePattern[] | undefined {
  const stemmed = vocabulary.stopword[k] === 1 ? '' : (vocabulary.stemmed[k] as string);
  return patternsOf([stemmed, vocabulary.typed[k] as string]);
}

/** pg_trgm's default `similarity_threshold`, which `%` compares with. */
const SIMILARITY_THRESHOLD = 0.3;

export interface Vocabulary {
  /** Every term, in code-point order. */
  terms: string[];
  /** Index in `terms` by term. */
  byTerm: Map<string, number>;
  /** `ts_lexize('english_stem', term) = '{}'`: 1 true, 0 false, 2 null. */
  stopword: Uint8Array;
  /** `to_tsquery` of `term:*` in the term's language, and in `simple`, as text. */
  stemmed: string[];
  typed: string[];
  /** How many distinct trigrams each term has. */
  trigramCount: Uint16Array;
  /** The terms having each trigram. */
  byTrigram: Map<string, Uint32Array>;
  /** Scratch: shared trigrams per term, all zero between calls. */
  shared: Uint16Array;
}

interface TermRow extends Record<string, unknown> {
  term: string;
  stopword: boolean | null;
  stemmed: string;
  typed: string;
  trigrams: string[];
}

/** `regexp` of the letters that make a term Arabic (as normalize.ts `isArabicWord`). */
const ARABIC_LETTER = '[\u0621-\u06D3]';

/** Reads the vocabulary with what each term's lookups need. */
export async function readVocabulary(db: Pick<Database, 'execute'>): Promise<Vocabulary> {
  const result: unknown = await db.execute(sql`
    select t.term, ts_lexize('english_stem'::regdictionary, t.term) = '{}'::text[] as stopword,
      to_tsquery((case when t.term ~ ${ARABIC_LETTER} then 'arabic' else 'english' end)::regconfig, t.term || ':*')::text as stemmed,
      to_tsquery('simple'::regconfig, t.term || ':*')::text as typed,
      show_trgm(t.term) as trigrams
    from ${searchTerms} t`);
  const { rows } = result as { rows: TermRow[] };
  rows.sort((a, b) => byCodePoint(a.term, b.term));
  const size = rows.length;
  const stopword = new Uint8Array(size);
  const trigramCount = new Uint16Array(size);
  const lists = new Map<string, number[]>();
  rows.forEach((row, k) => {
    stopword[k] = row.stopword === null ? 2 : row.stopword ? 1 : 0;
    trigramCount[k] = row.trigrams.length;
    for (const trigram of row.trigrams) {
      const list = lists.get(trigram);
      if (list) list.push(k);
      else lists.set(trigram, [k]);
    }
  });
  const byTrigram = new Map<string, Uint32Array>();
  for (const [trigram, list] of lists) byTrigram.set(trigram, Uint32Array.from(list));
  const terms = rows.map((r) => r.term);
  return {
    terms,
    byTerm: new Map(terms.map((term, k) => [term, k])),
    stopword,
    stemmed: rows.map((r) => r.stemmed),
    typed: rows.map((r) => r.typed),
    trigramCount,
    byTrigram,
    shared: new Uint16Array(size),
  };
}

/**
 * Code-point order, as the database's C and C.UTF-8 collations and `~<~` compare: terms are made
 * of letters of the Basic Multilingual Plane (normalize.ts), where code units are in that order.
 */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether some term starts with `word`. */
export function startsSomeTerm(vocabulary: Vocabulary, word: string): boolean {
  const { terms } = vocabulary;
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byCodePoint(terms[middle] as string, word) < 0) low = middle + 1;
    else high = middle;
  }
  return low < terms.length && (terms[low] as string).startsWith(word);
}

/** A word pg_trgm reads as one word the same way in every locale: ASCII letters. */
const ASCII_WORD = /^[a-z]+$/;

/** Whether `correctionsOf` can answer for `word` (else the database must). */
export const correctableHere = (word: string) => ASCII_WORD.test(word);

/** pg_trgm's trigrams of one ASCII word: padded with two spaces before and one after, each once. */
function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const trigrams = new Set<string>();
  for (let k = 0; k + 3 <= padded.length; k++) trigrams.add(padded.slice(k, k + 3));
  return [...trigrams];
}

/**
 * The terms that may stand for an unknown ASCII word, as `planWords`'s statement chooses them:
 * those `%` finds (similarity, in single precision, at least the threshold) that are not English
 * stop words, the best first (then by term), at most `limit`, each at least `closeToBest` × the
 * best's similarity (the statement multiplies in single precision too).
 */
export function correctionsOf(vocabulary: Vocabulary, word: string, limit: number, closeToBest: number): string[] {
  const { shared, trigramCount, byTrigram, stopword, terms } = vocabulary;
  const trigrams = trigramsOf(word);
  const touched: number[] = [];
  for (const trigram of trigrams) {
    for (const term of byTrigram.get(trigram) ?? []) {
      if (shared[term] === 0) touched.push(term);
      shared[term] = (shared[term] as number) + 1;
    }
  }
  const found: { term: number; similarity: number }[] = [];
  for (const term of touched) {
    const common = shared[term] as number;
    shared[term] = 0;
    const similarity = Math.fround(common / (trigrams.length + (trigramCount[term] as number) - common));
    if (similarity >= SIMILARITY_THRESHOLD && stopword[term] === 0) found.push({ term, similarity });
  }
  if (found.length === 0) return [];
  const best = Math.max(...found.map((f) => f.similarity));
  const least = Math.fround(Math.fround(closeToBest) * best);
  return found
    .filter((f) => f.similarity >= least)
    .sort((a, b) => b.similarity - a.similarity || byCodePoint(terms[a.term] as string, terms[b.term] as string))
    .slice(0, limit)
    .map((f) => terms[f.term] as string);
}

/**
 * How search text becomes words. It must agree with the database: `dukkan_search_normalize`
 * (drizzle/0001_search.sql) normalises the stored Arabic text, and `dukkan_collect_search_terms`
 * (drizzle/0003_search_terms.sql) splits stored text into words with the same character class.
 */

/** Tashkeel (U+064B–U+065F), superscript alef (U+0670) and tatweel (U+0640). */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const ARABIC_LETTER_FORMS = /[أإآٱؤئةى]/g;
const PLAIN_LETTER: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ؤ: 'و', ئ: 'ي', ة: 'ه', ى: 'ي' };

/**
 * Characters a word is made of once normalised: ASCII digits and letters, lower-case Latin-1
 * letters, Arabic letters and Arabic-Indic digits. Everything else separates words, which is why
 * a word can never carry SQL, LIKE or tsquery syntax (`'`, `%`, `_`, `\`, `:`, `*`, `&`, `!`…).
 */
const WORD_CHARS = '0-9a-z\\u00DF-\\u00F6\\u00F8-\\u00FF\\u0621-\\u064A\\u0660-\\u0669\\u0671-\\u06D3';
const SEPARATORS = new RegExp(`[^${WORD_CHARS}]+`);
const WORD = new RegExp(`^[${WORD_CHARS}]+$`);
const ARABIC = /[\u0621-\u06D3]/;

/** Words past this many are ignored: each costs index look-ups, and 8 pin a product down. */
export const MAX_QUERY_WORDS = 8;
/** The vocabulary keeps words of 3–40 characters; a longer query word is cut to its prefix. */
export const MAX_WORD_LENGTH = 40;

/**
 * Lower case; Arabic without diacritics or tatweel, with one form of alef (أ إ آ ٱ → ا), ؤ → و,
 * ئ → ي, taa marbuta ة → ه and alef maqsura ى → ي, as `dukkan_search_normalize` does in SQL.
 */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_LETTER_FORMS, (letter) => PLAIN_LETTER[letter] ?? letter);
}

/** The distinct normalised words of a query, in order, at most {@link MAX_QUERY_WORDS}. */
export function searchWords(q: string): string[] {
  const words = normalizeSearchText(q)
    .split(SEPARATORS)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Whether `word` is one word as {@link searchWords} makes them (guards what reaches SQL). */
export function isSearchWord(word: string): boolean {
  return WORD.test(word) && word.length <= MAX_WORD_LENGTH;
}

/** Arabic words are stemmed with the `arabic` text-search configuration, the rest as English. */
export function isArabicWord(word: string): boolean {
  return ARABIC.test(word);
}

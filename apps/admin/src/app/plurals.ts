/*
 * Where a number meets a noun, a text is a plural one: i18next picks `key_<form>` by
 * Intl.PluralRules for `count` (issue #32: '1 طلبًا مدفوعًا'). English needs `one` and `other`;
 * Arabic's grammar needs all six of CLDR's forms: 0 (zero), 1 (one: the noun alone, "واحد"), 2
 * (two: the dual), 3–10 (few: a plural), 11–99 (many: a singular, accusative), 100 and up
 * (other: a singular, genitive) — and so on by the last two digits (103 is few, 111 many).
 */

/** CLDR's plural categories, as i18next's key suffixes (`_zero` ... `_other`). */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

/** The forms an English plural text has; `zero` may be there too (i18next uses it for 0 in any language). */
export const ENGLISH_PLURAL_FORMS: readonly PluralForm[] = ['one', 'other'];

/**
 * The Arabic texts' type: the English texts' keys, except that a plural text (`key_one`,
 * `key_other`, ...) has all six forms — so a missing Arabic form fails the type-check, not the
 * reader.
 */
export type WithArabicPlurals<T> = {
  [K in keyof T as K extends `${infer Base}_${PluralForm}` ? `${Base}_${PluralForm}` : K]: K extends `${string}_${PluralForm}` ? string : T[K] extends string ? string : WithArabicPlurals<T[K]>;
};

/** The base key of a plural text's key (`dashboard.totals_few` → `dashboard.totals`), or null for any other key. */
export function pluralBaseOf(key: string): string | null {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return match?.[1] ?? null;
}

import type { ImportError, ImportErrorCode, ImportErrorParams } from '@dukkan/contracts/admin-products';
import type { Language } from '@dukkan/contracts/common';
import { IMPORT_ERROR_TEXTS_AR, IMPORT_ERROR_TEXTS_EN, importErrorValues } from '@dukkan/contracts/import-error-texts';

/** The API's wording of each import error (`message`), in both languages: the contracts' texts, which the back office shares. */
const MESSAGES: Record<Language, Record<ImportErrorCode, string>> = { en: IMPORT_ERROR_TEXTS_EN, ar: IMPORT_ERROR_TEXTS_AR };

/** `code`'s message in `lng`, with the column and the params put in (a list joined in that language). */
export function importErrorMessage(code: ImportErrorCode, column: string, params: ImportErrorParams, lng: Language): string {
  const values = importErrorValues(column, params, lng);
  return MESSAGES[lng][code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Errors as the API answers them to a request in `lng`: each coded one worded in that language (older ones as recorded). */
export function inLanguage(errors: readonly ImportError[], lng: Language): ImportError[] {
  return errors.map((error) => (error.code ? { ...error, message: importErrorMessage(error.code, error.column, error.params ?? {}, lng) } : error));
}

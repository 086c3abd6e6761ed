import type { ImportErrorCode, ImportErrorParams } from './admin-products';
import type { Language } from './common';
import { joinParts } from './format';

// The wording of each CSV import error (issue #32), one copy for the API, which answers `message`
// in the request's language, and for the back office, which words an error itself from its code
// and params in the screen's language. `{{column}}` is the file's column (`title_ar`, never the
// JSON path `title.ar`), the other `{{…}}` the error's params. Arabic messages start with an
// Arabic word, so a reader that judges the direction by the first letter lays them out right to
// left, and put no number before a noun (whose form would depend on the number). Two constants,
// so that a bundle takes only the language it needs.

/** The import errors' messages in English, by code. */
export const IMPORT_ERROR_TEXTS_EN: Record<ImportErrorCode, string> = {
  notUtf8: 'The file must be UTF-8 text (save it as "CSV UTF-8")',
  emptyFile: 'The file is empty; its first row must be the header {{columns}}',
  quoteNotClosed: 'The file is not valid CSV here: a quoted value is never closed',
  badQuote: 'The file is not valid CSV here: a quote mark in a value that is not quoted, or text after a closing quote',
  rowTooLong: 'The file is not valid CSV here: a row is longer than {{max}} bytes',
  notCsv: 'The file is not valid CSV here',
  headerColumn: 'The header row must be exactly {{columns}} (subcategory may be left out); column {{position}} is "{{found}}" where "{{expected}}" belongs',
  headerMissing: 'The header row must be exactly {{columns}} (subcategory may be left out); column {{position}} is missing where "{{expected}}" belongs',
  headerExtra: 'The header row must be exactly {{columns}} (subcategory may be left out); it has more columns, from "{{found}}"',
  columnCount: 'The row’s number of columns ({{found}}) is not the header’s ({{expected}})',
  nulCharacter: '{{column}} must not contain a NUL character (U+0000)',
  unpairedSurrogate: '{{column}} must not contain an unpaired UTF-16 surrogate',
  idInvalid: '{{column}} must be a product id (from an export), or empty to create a product',
  idUnknown: 'No product has this id; leave {{column}} empty to create a product',
  idRepeated: 'This id is already on line {{line}}',
  statusInvalid: "{{column}} must be 'draft' or 'published' ('archived' too on a row that updates a product)",
  statusArchivedNew: "{{column}} must be 'draft' or 'published' for a new product",
  required: '{{column}} is required',
  tooLong: '{{column}} must be at most {{max}} characters',
  priceFormat: '{{column}} must be a number of dollars, like 12.50',
  listPriceFormat: '{{column}} must be a number of dollars, like 15.00, or empty',
  priceCents: '{{column}} must have at most 2 decimals',
  notPositive: '{{column}} must be above 0',
  tooHigh: '{{column}} must be at most {{max}}',
  listPriceNotAbovePrice: '{{column}} must be above price',
  quantityFormat: '{{column}} must be a whole number from 0',
  categoryUnknown: '{{column}} "{{value}}" is not a department; use one of {{departments}}',
  subcategoryUnknown: '{{column}} "{{value}}" is not one of the subcategories of {{category}}: {{subcategories}}',
  invalid: '{{column}} has a value that is not accepted',
};

/** The import errors' messages in Arabic, by code. */
export const IMPORT_ERROR_TEXTS_AR: Record<ImportErrorCode, string> = {
  notUtf8: 'يجب أن يكون الملف نصًا بترميز UTF-8 (احفظه بصيغة "CSV UTF-8")',
  emptyFile: 'الملف فارغ؛ يجب أن يكون صفه الأول صف العناوين {{columns}}',
  quoteNotClosed: 'الملف ليس CSV صالحًا هنا: قيمة بين علامتي اقتباس لم تُغلق',
  badQuote: 'الملف ليس CSV صالحًا هنا: علامة اقتباس داخل قيمة غير مقتبسة، أو نص بعد علامة الإغلاق',
  rowTooLong: 'الملف ليس CSV صالحًا هنا: صف أطول من {{max}} بايت',
  notCsv: 'الملف ليس CSV صالحًا هنا',
  headerColumn: 'يجب أن يكون صف العناوين {{columns}} تمامًا (ويجوز حذف العمود subcategory)؛ العمود رقم {{position}} هو "{{found}}" ومكانه "{{expected}}"',
  headerMissing: 'يجب أن يكون صف العناوين {{columns}} تمامًا (ويجوز حذف العمود subcategory)؛ العمود رقم {{position}} ناقص ومكانه "{{expected}}"',
  headerExtra: 'يجب أن يكون صف العناوين {{columns}} تمامًا (ويجوز حذف العمود subcategory)؛ فيه أعمدة زائدة، أولها "{{found}}"',
  columnCount: 'عدد أعمدة هذا الصف ({{found}}) لا يساوي عدد أعمدة صف العناوين ({{expected}})',
  nulCharacter: 'يجب ألا يحتوي العمود {{column}} على المحرف NUL (U+0000)',
  unpairedSurrogate: 'يجب ألا يحتوي العمود {{column}} على نصف زوج بديل منفرد في UTF-16',
  idInvalid: 'يجب أن يكون العمود {{column}} معرّف منتج (من ملف تصدير)، أو فارغًا لإنشاء منتج',
  idUnknown: 'لا يوجد منتج بهذا المعرّف؛ اترك العمود {{column}} فارغًا لإنشاء منتج',
  idRepeated: 'هذا المعرّف موجود من قبل في السطر {{line}}',
  statusInvalid: 'يجب أن تكون قيمة العمود {{column}} إما draft أو published (أو archived في صف يحدّث منتجًا موجودًا)',
  statusArchivedNew: 'يجب أن تكون قيمة العمود {{column}} إما draft أو published لمنتج جديد',
  required: 'العمود {{column}} مطلوب',
  tooLong: 'يجب ألا يتجاوز عدد أحرف العمود {{column}} {{max}}',
  priceFormat: 'يجب أن يكون العمود {{column}} مبلغًا بالدولار، مثل 12.50',
  listPriceFormat: 'يجب أن يكون العمود {{column}} مبلغًا بالدولار، مثل 15.00، أو فارغًا',
  priceCents: 'يجب ألا يزيد العمود {{column}} على منزلتين عشريتين',
  notPositive: 'يجب أن يكون العمود {{column}} أكبر من 0',
  tooHigh: 'يجب ألا يزيد العمود {{column}} على {{max}}',
  listPriceNotAbovePrice: 'يجب أن يكون العمود {{column}} أكبر من price',
  quantityFormat: 'يجب أن يكون العمود {{column}} عددًا صحيحًا من 0 فأكثر',
  categoryUnknown: 'القيمة "{{value}}" في العمود {{column}} ليست قسمًا؛ استخدم أحد الأقسام: {{departments}}',
  subcategoryUnknown: 'القيمة "{{value}}" في العمود {{column}} ليست من الفئات الفرعية للقسم {{category}}: {{subcategories}}',
  invalid: 'قيمة العمود {{column}} غير مقبولة',
};

/**
 * The values an import error's text puts in, in `lng`: its column, as the file names it, and its
 * params, a list joined in that language ("a, b and c" / "a، b وc").
 */
export function importErrorValues(column: string, params: ImportErrorParams, lng: Language): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = Array.isArray(value) ? joinParts(value, lng) : String(value);
  return { ...values, column };
}

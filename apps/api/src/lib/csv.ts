import { centsToDollars } from '@dukkan/contracts/money';
import { stringify } from 'csv-stringify/sync';

/**
 * The one way the shop writes CSV (the products' and the orders' exports, and any later one), so
 * every file is safe to open in a spreadsheet:
 * - a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`
 *   (OWASP's advice against CSV injection): a spreadsheet shows it as text instead of running it
 *   as a formula (`=HYPERLINK(…)`, `-2+3+cmd|'/C calc'!A0`). The product import takes that one `'`
 *   off again (`restoreCsvText`), so an export imported back changes nothing;
 * - numbers the shop writes itself (prices, amounts, counts) are `CsvNumber`s, written as they
 *   are, so they stay numbers (a negative one too);
 * - a cell with a line break is always quoted: csv-stringify quotes only the record delimiter
 *   (`\r\n`), and a lone `\n` or `\r` left unquoted splits the row in two for other readers;
 * - lines end in CRLF, as RFC 4180 and spreadsheets write them; the file starts with a byte-order
 *   mark (`CSV_BOM`), without which Excel does not read it as UTF-8.
 */

/** Byte-order mark that opens every CSV file the shop writes. */
export const CSV_BOM = '\uFEFF';

/** A plain decimal number, as the shop writes prices, amounts and counts. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A number the shop itself writes: never prefixed. Only plain decimal text is accepted, so no text can pass for one. */
export class CsvNumber {
  readonly text: string;

  constructor(text: string) {
    if (!PLAIN_NUMBER.test(text)) throw new Error(`CsvNumber: ${JSON.stringify(text)} is not a plain number`);
    this.text = text;
  }
}

/** Integer cents as dollars with two decimals (`1234` → `12.34`). */
export const csvDollars = (cents: number): CsvNumber => new CsvNumber(centsToDollars(cents).toFixed(2));

/** A whole number (a quantity). */
export const csvInteger = (value: number): CsvNumber => new CsvNumber(String(Math.trunc(value)));

/** A text cell (written neutralised) or a number the shop writes (written as is). */
export type CsvCell = string | CsvNumber;

/**
 * Text a spreadsheet would take for a formula: it starts with one of OWASP's characters, after
 * any number of `'` — so text that itself starts with `'=` is prefixed too (`''=…`), and taking
 * one `'` off on import gives back exactly what was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A neutralised cell: one `'` added before text that FORMULA_START matches. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** A text cell as the shop writes it: with a leading `'` when a spreadsheet would run it. */
export function neutraliseCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A text cell as the shop wrote it, back to its value: the one `'` `neutraliseCsvText` added is
 * taken off. A text that starts with `'` and then anything else (`'tis`) was never prefixed and
 * stays as it is.
 */
export function restoreCsvText(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

const STRINGIFY_OPTIONS = {
  record_delimiter: 'windows',
  // Any line break, not only the record delimiter csv-stringify quotes by itself.
  quoted_match: /[\r\n]/,
} as const;

/** `rows` as CSV lines (no byte-order mark: the caller writes `CSV_BOM` once, before the first). */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map((cell) => (cell instanceof CsvNumber ? cell.text : neutraliseCsvText(cell)))),
    STRINGIFY_OPTIONS,
  );
}

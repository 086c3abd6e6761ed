import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

import { csvDollars, csvInteger, csvLines, CsvNumber, neutraliseCsvText, restoreCsvText } from './csv';

/** What a standard CSV reader makes of `text`. */
const recordsOf = (text: string): string[][] => parse(text);

const DANGEROUS = ['=1+1', '+SUM(1+1)', '-2+3+cmd|\'/C calc\'!A0', '@SUM(1+1)', '\tTab', '\rReturn', '=HYPERLINK("http://evil.example","Click")&"@x.io"'];

describe('csvLines', () => {
  it('writes a text cell that starts with =, +, -, @, a tab or a CR with a leading apostrophe', () => {
    const [row] = recordsOf(csvLines([DANGEROUS]));
    expect(row).toEqual(DANGEROUS.map((text) => `'${text}`));
  });

  it('leaves other text, and numbers the shop writes, as they are (a negative number too)', () => {
    const text = csvLines([['Tea', "'tis", 'a=b', '', csvDollars(1234), csvDollars(-250), csvInteger(7), new CsvNumber('-3')]]);
    expect(text).toBe("Tea,'tis,a=b,,12.34,-2.50,7,-3\r\n");
  });

  it('refuses to take text for a number', () => {
    expect(() => new CsvNumber('=1+1')).toThrow(/not a plain number/);
    expect(() => new CsvNumber('1e3')).toThrow();
  });

  it('quotes a cell with any line break, so a standard reader keeps the row whole', () => {
    const text = csvLines([['=1+1\n=2+2', 'a\rb', 'c\r\nd', 'plain']]);
    expect(text).toBe(`"'=1+1\n=2+2","a\rb","c\r\nd",plain\r\n`);
    expect(recordsOf(text)).toEqual([["'=1+1\n=2+2", 'a\rb', 'c\r\nd', 'plain']]);
  });
});

describe('restoreCsvText', () => {
  it('gives back exactly what was written, for every text', () => {
    for (const text of [...DANGEROUS, "'=x", "''=x", "'tis", "'", "''", 'plain', '', "-'"]) {
      expect(restoreCsvText(neutraliseCsvText(text)), JSON.stringify(text)).toBe(text);
    }
    expect(neutraliseCsvText("'=x")).toBe("''=x");
  });

  it('takes off only an apostrophe the export adds, never one that starts ordinary text', () => {
    expect(restoreCsvText("'=1+1")).toBe('=1+1');
    expect(restoreCsvText("'tis")).toBe("'tis");
    expect(restoreCsvText("''=1")).toBe("'=1");
    expect(restoreCsvText('=1+1')).toBe('=1+1');
  });
});

import { describe, expect, it } from 'vitest';

import { MAX_QUERY_WORDS, isArabicWord, isSearchWord, normalizeSearchText, searchWords } from './normalize';

describe('normalizeSearchText', () => {
  it.each([
    ['أفوكادو', 'افوكادو'],
    ['إطار', 'اطار'],
    ['آلة', 'اله'],
    ['ٱلقهوة', 'القهوه'],
    ['مؤقت', 'موقت'],
    ['مائدة', 'مايده'],
    ['حتى', 'حتي'],
    ['قَهْوَةٌ', 'قهوه'],
    ['منظّم', 'منظم'],
    ['قهـــوة', 'قهوه'],
    ['Bluetooth SPEAKER', 'bluetooth speaker'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

describe('searchWords', () => {
  it('splits on anything but letters and digits, drops repeats and keeps order', () => {
    expect(searchWords('  Sony WH-1000XM5, sony!  ')).toEqual(['sony', 'wh', '1000xm5']);
    expect(searchWords('سماعات، رأس')).toEqual(['سماعات', 'راس']);
  });

  it('leaves no SQL, LIKE or tsquery syntax in a word', () => {
    for (const q of ["'", '%', '_', '\\', '<script>alert(1)</script>', 'a:* & !b | (c)', "1'; drop table products; --", '🎧🔊']) {
      for (const word of searchWords(q)) expect(isSearchWord(word)).toBe(true);
    }
    expect(searchWords('%_\'\\ 🎧')).toEqual([]);
  });

  it(`keeps at most ${MAX_QUERY_WORDS} words of at most 40 characters`, () => {
    expect(searchWords('a b c d e f g h i j k')).toHaveLength(MAX_QUERY_WORDS);
    expect(searchWords('x'.repeat(60))[0]).toHaveLength(40);
  });

  it('tells Arabic words from the rest', () => {
    expect(isArabicWord('قهوه')).toBe(true);
    expect(isArabicWord('coffee')).toBe(false);
  });
});

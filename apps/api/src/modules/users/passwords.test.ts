import { describe, expect, it } from 'vitest';

import { isCommonPassword } from './passwords';

describe('the common-password list', () => {
  it('refuses a listed password in any case, and one followed by a run of digits', () => {
    for (const password of ['password123', 'Password123', 'password1234', 'PASSWORD', 'iloveyou', 'ILOVEYOU', 'Passw0rd', '123456']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    // Not on the list themselves: refused because the word before the digits is.
    for (const password of ['Sunshine987654', 'dragonfly2024', 'DragonFly9']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses nothing looser: digits elsewhere, another ending, two runs, or nothing left after the digits', () => {
    for (const password of [
      'sunshine-2024',
      '2024sunshine',
      'sun5shine',
      'sunshine12ab',
      'sunshine1!',
      'password12a',
      '12345678901234',
      'a-Long-test-passphrase-7',
      'correct horse battery staple',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('holds at least the 100,000 most common passwords: one from the end of that list is refused', () => {
    // The 99,996th of SecLists' 10-million list, a birth date no smaller list holds.
    expect(isCommonPassword('07021954')).toBe(true);
    expect(isCommonPassword('monkey')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';

import { AddressInputSchema, EMAIL_PATTERN, SignUpBodySchema, UpdateUserBodySchema } from './users';

describe('accounts contracts', () => {
  it('trims and lower-cases emails, and drops unknown fields', () => {
    const body = SignUpBodySchema.parse({ name: '  Mona  ', email: ' Mona@Example.COM ', password: 'secret-1', role: 'admin' });
    expect(body).toEqual({ name: 'Mona', email: 'mona@example.com', password: 'secret-1', marketingEmails: false });
  });

  it('accepts the standard email pattern only', () => {
    expect(EMAIL_PATTERN.test('a.b@shop.example')).toBe(true);
    for (const bad of ['plain', 'a@b', 'a b@c.de', '@c.de', 'a@.']) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });

  it('takes a plain address only: no formula, quote, parenthesis or space (issue #32)', () => {
    for (const good of ['mona.adel+shop@mail.example.com', 'first_last-1%x@sub-domain.co.uk', 'سارة@مثال.مصر', 'a@xn--p1ai.xn--p1ai']) {
      expect(EMAIL_PATTERN.test(good), good).toBe(true);
    }
    for (const bad of [
      '=HYPERLINK("http://evil.example","Click")&"@x.io"',
      '"quoted"@x.io',
      "o'brien@x.io",
      'a=b@x.io',
      'sum(1)@x.io',
      'a@x.io ',
      'a@@x.io',
      'a@-x.io',
      'a@x-.io',
      'a@x..io',
      'a@x.io.',
      'cmd|calc@x.io',
      'a\tb@x.io',
    ]) {
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
    }
    expect(SignUpBodySchema.safeParse({ name: 'Mona', email: '=HYPERLINK("http://evil.example","Click")&"@x.io"', password: 'secret-1' }).error?.issues[0]?.message).toBe(
      'Please enter a valid email',
    );
  });

  it('turns numeric address fields into digit strings and empty optional ones into ""', () => {
    const address = AddressInputSchema.parse({
      fullName: 'Mona Adel',
      phoneNumber: '+20 100 123 4567',
      country: 'Egypt',
      city: 'Cairo',
      street: 'Tahrir St.',
      floor: 3,
      apartment: '07',
      zipCode: '01234',
      area: null,
    });
    expect(address).toMatchObject({ floor: '3', apartment: '07', zipCode: '01234', area: '', building: '', extraDetails: '' });
  });

  it('names the field that fails', () => {
    const result = AddressInputSchema.safeParse({ fullName: 'M', phoneNumber: '123456', country: 'EG', city: 'C', street: 'S', floor: '1', apartment: '2', zipCode: '1 2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Zip code must be a number');
  });

  it('needs the current password for a new one', () => {
    const result = UpdateUserBodySchema.safeParse({ name: 'Mona', email: 'm@x.io', password: 'new-pass-1' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['currentPassword'], message: 'Enter your current password to set a new one' });
    expect(UpdateUserBodySchema.safeParse({ name: 'Mona', email: 'm@x.io', password: 'new-pass-1', currentPassword: 'old' }).success).toBe(true);
  });
});

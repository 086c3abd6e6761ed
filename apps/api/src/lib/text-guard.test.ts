import { describe, expect, it } from 'vitest';

import { findUnstorableText, unstorableTextProblem } from './text-guard';

describe('unstorableTextProblem', () => {
  it('passes any text PostgreSQL stores as sent, surrogate pairs and non-characters included', () => {
    for (const text of ['', 'plain', 'عربي', 'emoji 👍🏽', '\uffff', '\u0001\u001f', '<script>alert(1)</script>', "'; drop table users; --"]) {
      expect(unstorableTextProblem(text), text).toBeNull();
    }
  });

  it('refuses a NUL anywhere in the text', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) {
      expect(unstorableTextProblem(text)).toBe('must not contain a NUL character (U+0000)');
    }
  });

  it('refuses an unpaired surrogate, which both drivers would store as U+FFFD', () => {
    for (const text of ['\ud800', 'a\ud800b', '\udc00', 'x\udfff', '\udc00\ud800', '👍'.slice(0, 1)]) {
      expect(unstorableTextProblem(text)).toBe('must not contain an unpaired UTF-16 surrogate');
    }
  });
});

describe('findUnstorableText', () => {
  it('names the first bad field by its dotted path, like validation errors do', () => {
    expect(findUnstorableText({ name: 'ok', email: 'a\u0000@b.c' })).toEqual({ field: 'email', problem: 'must not contain a NUL character (U+0000)' });
    expect(findUnstorableText([{ street: 'fine' }, { street: 'also fine', city: 'Cai\u0000ro' }])).toEqual({
      field: '1.city',
      problem: 'must not contain a NUL character (U+0000)',
    });
    expect(findUnstorableText({ order: { items: [{ _id: '\ud800' }] } })?.field).toBe('order.items.0._id');
    expect(findUnstorableText('\u0000')).toEqual({ field: '', problem: 'must not contain a NUL character (U+0000)' });
  });

  it('refuses a bad key without repeating it, naming the object that holds it', () => {
    expect(findUnstorableText({ address: { 'str\u0000eet': 'x' } })).toEqual({
      field: 'address',
      problem: 'a field name must not contain a NUL character (U+0000)',
    });
  });

  it('passes clean values, numbers, booleans, nulls and raw bytes (a webhook body)', () => {
    expect(findUnstorableText({ a: 1, b: true, c: null, d: ['x', { e: 'y' }], f: undefined })).toBeNull();
    expect(findUnstorableText(Buffer.from('{"a":"\\u0000"}\u0000'))).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('walks an object without a prototype (the parsed query) and the deepest nesting a body can hold', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { q: 'x\u0000' });
    expect(findUnstorableText(query)?.field).toBe('q');
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 60_000; i++) deep = [deep];
    expect(findUnstorableText(deep)?.problem).toBe('must not contain a NUL character (U+0000)');
  });
});

import { describe, expect, it } from 'vitest';

import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie by exact name and decodes its value', () => {
    const cookies = 'i18next=ar; XSRF-TOKEN=abc%3D%3D; other=1';
    expect(readCookie('XSRF-TOKEN', cookies)).toBe('abc==');
    expect(readCookie('i18next', cookies)).toBe('ar');
  });

  it('answers null for a missing cookie or a name that is only a prefix', () => {
    expect(readCookie('XSRF', 'XSRF-TOKEN=abc')).toBeNull();
    expect(readCookie('token', '')).toBeNull();
  });

  it('reads document.cookie by default', () => {
    document.cookie = 'XSRF-TOKEN=from-document; path=/';
    expect(readCookie('XSRF-TOKEN')).toBe('from-document');
  });
});

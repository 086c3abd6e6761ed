import { afterEach, describe, expect, it, vi } from 'vitest';

import { readCookie } from './cookies';

describe('readCookie', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finds a cookie by exact name and decodes its value', () => {
    const cookies = 'i18next=ar; XSRF-TOKEN=abc%3D%3D; other=1';
    expect(readCookie('XSRF-TOKEN', cookies)).toBe('abc==');
    expect(readCookie('i18next', cookies)).toBe('ar');
  });

  it('answers null for a missing cookie or a name that is only a prefix', () => {
    expect(readCookie('XSRF', 'XSRF-TOKEN=abc')).toBeNull();
    expect(readCookie('token', '')).toBeNull();
  });

  it('keeps a value that is not URI-encoded as it is', () => {
    expect(readCookie('odd', 'odd=100%')).toBe('100%');
  });

  it('reads document.cookie by default', () => {
    vi.stubGlobal('document', { cookie: 'i18next=en; XSRF-TOKEN=from-document' });
    expect(readCookie('XSRF-TOKEN')).toBe('from-document');
  });

  it('answers null by default where there is no document (on the server)', () => {
    expect('document' in globalThis).toBe(false);
    expect(readCookie('XSRF-TOKEN')).toBeNull();
  });
});

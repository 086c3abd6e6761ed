import { describe, expect, it } from 'vitest';

import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('writes the five characters that can end an element or an attribute as entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('leaves every other character as it is, Arabic and entities already written included', () => {
    expect(escapeHtml('مرحبا 4242 4242 $11.98 ‏ /?=#')).toBe('مرحبا 4242 4242 $11.98 ‏ /?=#');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('')).toBe('');
  });
});

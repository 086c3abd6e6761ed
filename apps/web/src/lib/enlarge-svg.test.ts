import { describe, expect, it } from 'vitest';

import { enlargeSvg } from './enlarge-svg';

describe('enlargeSvg', () => {
  it("multiplies the root's width and height, keeping the viewBox and everything inside", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="10" height="10"/></svg>';
    expect(enlargeSvg(svg, 2)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 600 600"><rect width="10" height="10"/></svg>',
    );
  });

  it('leaves anything else alone', () => {
    expect(enlargeSvg('not an svg', 2)).toBe('not an svg');
    expect(enlargeSvg('<svg viewBox="0 0 1 1"></svg>', 2)).toBe('<svg viewBox="0 0 1 1"></svg>');
  });
});

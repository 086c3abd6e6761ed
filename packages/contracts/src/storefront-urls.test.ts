import { describe, expect, it } from 'vitest';

import { absoluteUrl, storefrontPaths } from './storefront-urls';

describe('storefrontPaths', () => {
  it('builds the pages of a product, an order and a checkout, escaping the ids', () => {
    expect(storefrontPaths.product('00000000-0000-4000-8000-000000000007')).toBe('/details/00000000-0000-4000-8000-000000000007');
    expect(storefrontPaths.product('a/b')).toBe('/details/a%2Fb');
    expect(storefrontPaths.order('a b')).toBe('/Order/a%20b');
    expect(storefrontPaths.checkoutSuccess('o&1')).toBe('/checkoutSuccess?order=o%261');
    expect(storefrontPaths.checkout()).toBe('/checkout');
    expect(storefrontPaths.resetPassword('t+k')).toBe('/reset-password?token=t%2Bk');
    expect(storefrontPaths.pay('cs_1')).toBe('/pay/cs_1');
  });

  it("builds a category's page from its name, keeping the characters a path may hold", () => {
    expect(storefrontPaths.category('Patio&Garden')).toBe('/Patio&Garden');
    expect(storefrontPaths.category('Home-Improvement')).toBe('/Home-Improvement');
    expect(storefrontPaths.category('a b?c#d%e/f')).toBe('/a%20b%3Fc%23d%25e%2Ff');
  });

  it("builds a department's page filtered to a subcategory, and the search results of a text", () => {
    expect(storefrontPaths.subcategory('/electronics', 'electronics-tablets')).toBe('/electronics?subcategory=electronics-tablets');
    expect(storefrontPaths.subcategory('/Patio&Garden', 'a&b')).toBe('/Patio&Garden?subcategory=a%26b');
    expect(storefrontPaths.search('olive oil & more')).toBe('/search?q=olive%20oil%20%26%20more');
  });
});

describe('absoluteUrl', () => {
  it("puts the shop's origin before a path, without a doubled slash", () => {
    expect(absoluteUrl('https://shop.example/', storefrontPaths.order('o-1'))).toBe('https://shop.example/Order/o-1');
    expect(absoluteUrl('https://shop.example', '/checkout')).toBe('https://shop.example/checkout');
  });
});

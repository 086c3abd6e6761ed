import type { HeadInput, PageMeta } from '../server-page';

/**
 * The cart (decision 0042): the server draws it as it is while the cart loads, so it has its own
 * title; no canonical address, so it is not indexed (robots.txt keeps it out too, decision 0020).
 */
export function head({ t }: HeadInput): PageMeta {
  return { title: t.common('pageTitle', { page: t.shopping('cart.title') }), description: t.common('seo.home') };
}

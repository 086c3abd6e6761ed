import type { HeadInput, PageMeta } from '../server-page';

/** The terms of use: texts only, nothing to fetch. */
export function head({ t }: HeadInput): PageMeta {
  return { title: t.common('pageTitle', { page: t.help('title') }), description: t.common('seo.terms'), canonical: { path: '/termsOfUs' } };
}

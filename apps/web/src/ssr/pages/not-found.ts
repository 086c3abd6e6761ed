import type { HeadInput, PageMeta } from '../server-page';

/** The not-found page's head: 404, and the head of anything else that finds it is not there (an unknown product). */
export function head({ t }: Pick<HeadInput, 't'>): PageMeta {
  return { status: 404, title: t.common('pageTitle', { page: t.common('notFound.title') }), description: t.common('seo.notFound') };
}

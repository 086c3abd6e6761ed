import { render } from '@testing-library/react';
import { vi } from 'vitest';

import { AdminApp } from '../app/admin-app';
import { createI18n } from '../app/i18n';
import { applyDocumentLanguage, type Language } from '../app/language';
import { createStore } from '../app/store';

/** One request the stubbed `fetch` received. */
export interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** An answer: status and JSON body (or nothing, for 204). */
export interface Answer {
  status: number;
  body?: unknown;
}

export type Handler = (call: Call) => Answer | undefined;

export const json = (status: number, body?: unknown): Answer => ({ status, ...(body === undefined ? {} : { body }) });

export const OWNER = { _id: 's1', email: 'owner@dukkan.test', name: 'Olive Owner', role: 'owner' as const };

export const CATEGORIES = [
  { _id: 'c1', name: 'electronics', label: 'Electronics', image: '' },
  { _id: 'c2', name: 'Grocery', label: 'Grocery', image: '' },
];

/**
 * Stubs `fetch` (vi.stubGlobal): each request goes to `handler`, then to the defaults (a signed-in
 * owner, the departments, no subcategories); anything else is a 404. Returns the calls made.
 */
export function stubApi(handler: Handler = () => undefined, { signedIn = true }: { signedIn?: boolean } = {}): Call[] {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const call: Call = { method: request.method, url: new URL(request.url), headers: request.headers, body: request.body ? await request.text() : '' };
    calls.push(call);
    const path = call.url.pathname;
    const answer =
      handler(call) ??
      (path === '/api/admin/session' && call.method === 'GET'
        ? signedIn
          ? json(200, { data: { staff: OWNER } })
          : json(401, { message: 'Sign in first', code: 'UNAUTHORIZED' })
        : path === '/api/categories/' || path === '/api/categories'
          ? json(200, { data: CATEGORIES })
          : path === '/api/subcategories'
            ? json(200, { data: [], total: 0 })
            : json(404, { message: `Not found: ${call.method} ${path}`, code: 'NOT_FOUND' }));
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: answer.body === undefined ? {} : { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** Renders the whole back office at `path` (e.g. `/admin/products`) in `language`. */
export async function renderAdmin(path: string, language: Language = 'en') {
  const i18n = await createI18n(language);
  applyDocumentLanguage(language);
  const store = createStore();
  const view = render(<AdminApp store={store} i18n={i18n} initialPath={path} />);
  return { ...view, store, i18n };
}

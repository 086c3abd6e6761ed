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

/** An upload the test holds: it moves its progress and lets the answer go when it chooses. */
export interface PendingUpload {
  call: Call;
  /** The body's size in bytes. */
  total: number;
  /** Reports `loaded` bytes sent (upload.onprogress). */
  progress: (loaded: number) => void;
  /** Answers the request (through the handler, as every other request). */
  release: () => void;
}

export interface StubOptions {
  signedIn?: boolean;
  /** When given, each XMLHttpRequest upload waits for the test to `release` it. */
  onUpload?: (upload: PendingUpload) => void;
}

/**
 * Stubs `fetch` and `XMLHttpRequest` (vi.stubGlobal): each request goes to `handler`, then to
 * the defaults (a signed-in owner, the departments, no subcategories); anything else is a 404.
 * An XMLHttpRequest reports its body's upload (all at once, unless `onUpload` holds it) before
 * its answer. Returns the calls made, of both kinds, in order.
 */
export function stubApi(handler: Handler = () => undefined, { signedIn = true, onUpload }: StubOptions = {}): Call[] {
  const calls: Call[] = [];
  const answerOf = (call: Call): Answer => {
    const path = call.url.pathname;
    return (
      handler(call) ??
      (path === '/api/admin/session' && call.method === 'GET'
        ? signedIn
          ? json(200, { data: { staff: OWNER } })
          : json(401, { message: 'Sign in first', code: 'UNAUTHORIZED' })
        : path === '/api/categories/' || path === '/api/categories'
          ? json(200, { data: CATEGORIES })
          : path === '/api/subcategories'
            ? json(200, { data: [], total: 0 })
            : json(404, { message: `Not found: ${call.method} ${path}`, code: 'NOT_FOUND' }))
    );
  };
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const call: Call = { method: request.method, url: new URL(request.url), headers: request.headers, body: request.body ? await request.text() : '' };
    calls.push(call);
    const answer = answerOf(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: answer.body === undefined ? {} : { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);

  /** Just what the back office uses of XMLHttpRequest. */
  class FakeXMLHttpRequest {
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    send(body: Blob | string | null = null) {
      void this.run(body);
    }

    private async run(body: Blob | string | null) {
      const text = body === null ? '' : typeof body === 'string' ? body : await body.text();
      const total = body === null ? 0 : typeof body === 'string' ? new TextEncoder().encode(body).length : body.size;
      const call: Call = { method: this.method, url: new URL(this.url, window.location.origin), headers: this.headers, body: text };
      calls.push(call);
      const progress = (loaded: number) => this.upload.onprogress?.(new ProgressEvent('progress', { loaded, total, lengthComputable: true }));
      const respond = () => {
        const answer = answerOf(call);
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      };
      if (onUpload) {
        progress(0);
        onUpload({ call, total, progress, release: respond });
      } else {
        progress(total);
        respond();
      }
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
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

import { render } from '@testing-library/react';
import { http, type HttpHandler } from 'msw';
import { vi } from 'vitest';

import { AdminApp } from '../app/admin-app';
import { createI18n } from '../app/i18n';
import { applyDocumentLanguage, type Language } from '../app/language';
import { createStore } from '../app/store';

import { server } from './api-server';

/** One request the back office made, as the MSW handlers received it. */
export interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/**
 * Answers the back office's requests with `handlers` first, then the defaults (api-server.ts: a
 * signed-in owner, the departments, no subcategories, a 404 for anything else), and puts the
 * upload stand-in (below) in place of XMLHttpRequest. Returns the requests made, in order.
 */
export function stubApi(...handlers: HttpHandler[]): Call[] {
  const calls: Call[] = [];
  // Takes every request first, notes it and lets the handlers after it answer.
  const record = http.all('*', async ({ request }) => {
    calls.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.clone().text() });
  });
  server.use(record, ...handlers);
  vi.stubGlobal('XMLHttpRequest', uploadingXMLHttpRequest());
  return calls;
}

/** An upload whose progress the test moves: the body's size in bytes, and a way to report bytes sent. */
export interface PendingUpload {
  total: number;
  /** Reports `loaded` bytes sent (upload.onprogress). */
  progress: (loaded: number) => void;
}

/**
 * Makes each later upload report its progress only when the test says (`progress`), handing it to
 * `onUpload`; its answer comes from the handlers as ever (a test that holds it holds it there).
 */
export function holdUploadProgress(onUpload: (upload: PendingUpload) => void): void {
  vi.stubGlobal('XMLHttpRequest', uploadingXMLHttpRequest(onUpload));
}

/**
 * Just what the back office uses of XMLHttpRequest (app/upload.ts, for the upload's progress).
 * jsdom's own, as MSW intercepts it, loses a Blob body (it arrives as "undefined") and reports an
 * upload's bytes only all at once: this one reads the body itself, sends the request with fetch,
 * so that the MSW handlers answer it as every other request, and reports the upload — all at
 * once, or bit by bit when the test holds it.
 */
function uploadingXMLHttpRequest(onUpload?: (upload: PendingUpload) => void) {
  return class UploadingXMLHttpRequest {
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
      const text = body === null ? null : typeof body === 'string' ? body : await body.text();
      const total = body === null ? 0 : typeof body === 'string' ? new TextEncoder().encode(body).length : body.size;
      const answer = fetch(new URL(this.url, window.location.origin), { method: this.method, headers: this.headers, body: text });
      const progress = (loaded: number) => this.upload.onprogress?.(new ProgressEvent('progress', { loaded, total, lengthComputable: true }));
      if (onUpload) {
        progress(0);
        onUpload({ total, progress });
      } else {
        progress(total);
      }
      try {
        const response = await answer;
        this.status = response.status;
        this.responseText = await response.text();
      } catch {
        this.onerror?.();
        return;
      }
      this.onload?.();
    }
  };
}

/** Renders the whole back office at `path` (e.g. `/admin/products`) in `language`. */
export async function renderAdmin(path: string, language: Language = 'en') {
  const i18n = await createI18n(language);
  applyDocumentLanguage(language);
  const store = createStore();
  const view = render(<AdminApp store={store} i18n={i18n} initialPath={path} />);
  return { ...view, store, i18n };
}

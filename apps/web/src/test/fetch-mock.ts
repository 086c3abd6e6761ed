import { vi } from 'vitest';

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The request body as text ('' when none). */
  body: string;
}

/** Answers a request (its body already read as text), or leaves it to the next handler. */
export type Handler = (url: URL, request: Request, body: string) => { status?: number; body: unknown } | undefined;

/**
 * Replaces `fetch` with the given handler (the first one that answers wins; anything else is a
 * 404 `{ message, code }` like the API's). Returns the requests made, for assertions.
 */
export function mockFetch(...handlers: Handler[]): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const body = await request.clone().text();
      requests.push({ url, method: request.method, headers: request.headers, body });
      for (const handler of handlers) {
        const answer = handler(url, request, body);
        if (answer) {
          return new Response(JSON.stringify(answer.body), {
            status: answer.status ?? 200,
            headers: { 'Content-Type': 'application/json' },
          });
        }
      }
      return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requests;
}

/**
 * A handler answering `GET {pathname}` (decoded, exact) with `body`, or with what `body` returns
 * for the request's URL when it is a function.
 */
export function on(pathname: string, body: unknown, status = 200): Handler {
  return (url) =>
    decodeURIComponent(url.pathname) === pathname
      ? { status, body: typeof body === 'function' ? (body as (url: URL) => unknown)(url) : body }
      : undefined;
}

// A render worker (a thread of the API process, started by page-renderer.ts): renders pages with
// the storefront's server entry, away from the thread that answers the API. Each API call of a
// page goes to the API's thread as a message (render-protocol.ts) and comes back as a Response.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

import type { ApiAnswer, FromWorker, RenderWorkerData, ServerEntry, ToWorker } from './render-protocol';

if (!parentPort) throw new Error('render-worker runs in a worker thread (page-renderer.ts starts it)');
const port = parentPort;
const { entryPath, template, translations, manifest } = workerData as RenderWorkerData;
const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;

const send = (message: FromWorker) => port.postMessage(message);
const waiting = new Map<number, { resolve: (answer: ApiAnswer) => void; reject: (error: Error) => void }>();
let lastRequestId = 0;

/** The page's `fetch`: answered by the API's thread. */
const fetchFn: typeof fetch = async (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  lastRequestId += 1;
  const id = lastRequestId;
  const answer = await new Promise<ApiAnswer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    send({ type: 'request', id, request: { method: request.method, url: `${url.pathname}${url.search}`, headers: Object.fromEntries(request.headers), ...(body ? { body } : {}) } });
  });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
};

port.on('message', (message: ToWorker) => {
  if (message.type === 'render') {
    const { id, url, language, origin } = message;
    entry
      .render({ url, origin, language, apiBaseUrl: `${origin}/api`, fetchFn, translations: translations[language], template, manifest })
      .then(
        (page) => send({ type: 'rendered', id, page }),
        (error: unknown) => send({ type: 'failed', id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
    return;
  }
  const pending = waiting.get(message.id);
  if (!pending) return;
  waiting.delete(message.id);
  if (message.type === 'answered') pending.resolve(message.answer);
  else pending.reject(new Error(message.message));
});

import { setImmediate } from 'node:timers/promises';

import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests this process is answering, for background work that shares its thread (and, on
 * the embedded database, the database) with them (decision 0040): an import checks its next batch
 * of rows, and an embedded apply starts its next short transaction, only when none is in flight,
 * so a shopper's request waits at most for the step already running, never for a queue of them.
 */
const inFlight = new WeakSet<FastifyRequest>();
let count = 0;
let waiters: (() => void)[] = [];

function leave(request: FastifyRequest): void {
  if (!inFlight.delete(request)) return;
  count -= 1;
  if (count > 0) return;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
}

/** Counts every request of `app` from its arrival until its answer is sent (or it is abandoned). */
export function trackForegroundRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.add(request);
    count += 1;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    leave(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request);
    done();
  });
}

/** A request that is itself background work (the import that waits for the others): not counted. */
export function treatAsBackground(request: FastifyRequest): void {
  leave(request);
}

/**
 * Lets the event loop take in what arrived while this thread was busy (a statement of the
 * embedded database runs in it): the second turn's check phase comes after a whole poll phase,
 * whatever phase the caller ran in, so a request whose bytes are waiting has reached its
 * `onRequest` by then. Two turns cost microseconds; a 1 ms timer cost 1–2 ms each time, seconds
 * over an import's thousands of transactions.
 */
async function pollForRequests(): Promise<void> {
  await setImmediate();
  await setImmediate();
}

/**
 * Resolves once no request is in flight, or after `maxWaitMs` at the latest (background work
 * still moves on under a steady stream of requests). It first lets the event loop take in
 * requests that have arrived, so they count.
 */
export async function foregroundQuiet(maxWaitMs: number): Promise<void> {
  await pollForRequests();
  if (count === 0) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters = waiters.filter((waiter) => waiter !== done);
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    waiters.push(done);
  });
}

/** How many requests are in flight (for tests). */
export function foregroundRequests(): number {
  return count;
}

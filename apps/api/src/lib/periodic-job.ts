import type { FastifyBaseLogger } from 'fastify';

/** Stops a periodic job and waits for a run in progress. */
export type StopJob = () => Promise<void>;

export interface PeriodicJob {
  /** Does one run; answers how many things it changed. */
  run: () => Promise<number>;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Logged (info) after a run that changed something, with `{ count }`. */
  doneMessage: string;
  /** Logged (error) after a run that failed, with `{ err }`. */
  failedMessage: string;
}

/**
 * Runs `run` now and then every `intervalMs`, on a timer that never keeps the process alive. A
 * failed run is logged and tried again at the next tick; a run that changed something is logged.
 * A tick that comes while a run is still going is skipped: runs of one job never overlap, so a
 * slow run (a backup longer than the interval) is not started twice, and stopping waits for the
 * one run in progress. Jobs are safe to run from several processes at once (each locks what it
 * changes).
 */
export function startPeriodicJob({ run, intervalMs, log, doneMessage, failedMessage }: PeriodicJob): StopJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .then(
        (count) => {
          if (count > 0) log.info({ count }, doneMessage);
        },
        (err: unknown) => log.error({ err }, failedMessage),
      )
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

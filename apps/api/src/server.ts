import closeWithGrace from 'close-with-grace';

import { buildApp } from './app';
import { startShopBackups } from './backup/shop-backups';
import { loadConfig } from './config/env';
import { prepareDatabase } from './db/prepare';

const startedAt = performance.now();
const config = loadConfig();
const database = await prepareDatabase(config);
const app = await buildApp({ config, db: database.db });

app.addHook('onClose', async () => {
  await database.close();
});

// Periodic backups, and on the embedded database the `npm run backup` trigger (decision 0032);
// stopped before the database closes, after a backup in progress is written.
const backups = await startShopBackups({ config, database, log: app.log });
app.addHook('preClose', () => backups.stop());

// SIGTERM/SIGINT (decision 0061): not ready at once (`GET /api/ready` answers 503), go on serving
// for DRAIN_DELAY_MS so a load balancer takes the process out, then stop accepting, let requests
// in flight finish and close the database; give up 10 s later so a stuck request cannot keep the
// process alive for ever.
closeWithGrace({ delay: config.drainDelayMs + 10_000 }, async ({ signal, err }) => {
  app.readiness.markDraining();
  if (err) app.log.error({ err }, 'shutting down after an error');
  else {
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down');
    if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
  }
  // Node closes idle keep-alive sockets only when closing starts; a request still in flight
  // leaves its socket idle later, so keep closing idle ones until the server has closed.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await app.close();
  } finally {
    clearInterval(sweeper);
  }
  app.log.info('closed');
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    database: database.kind === 'postgres' ? 'postgres' : `pglite:${config.dataDir}`,
    catalogLoaded: database.seeded,
    readyInMs: Math.round(performance.now() - startedAt),
  },
  `Dukkan is ready on http://${config.host}:${(app.server.address() as { port: number }).port}`,
);

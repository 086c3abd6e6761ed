// `npm run catalog:generate -- --products 100000 [--seed 7]`: adds a large synthetic catalog to
// the configured database (DATA_DIR, or DATABASE_URL), for benchmarks. Runs once per size and
// seed: running it again with the same arguments adds nothing.
import { parseArgs } from 'node:util';

import { eq, sql } from 'drizzle-orm';

import { loadConfig } from '../config/env';
import { prepareDatabase } from '../db/prepare';
import { seedRuns } from '../db/schema';
import { vacuumNewProducts } from '../db/vacuum';

import { insertProducts } from './load-catalog';
import { generateSyntheticProducts } from './synthetic';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
  },
});
const count = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error('--products must be a whole number from 1 to 5000000');
  process.exit(2);
}
if (!Number.isInteger(seed)) {
  console.error('--seed must be a whole number');
  process.exit(2);
}

const config = loadConfig();
const database = await prepareDatabase(config);
const runName = `synthetic-${count}-${seed}`;
try {
  const started = performance.now();
  const added = await database.db.transaction(async (tx) => {
    const done = await tx.select().from(seedRuns).where(eq(seedRuns.name, runName));
    if (done.length > 0) return 0;
    // Synthetic products sort after the demo catalog.
    const n = await insertProducts(tx, generateSyntheticProducts(count, seed), 1_000_000);
    await tx.insert(seedRuns).values({ name: runName });
    return n;
  });
  // The embedded database's new rows become visible to all, so shoppers' lists read their indexes alone.
  await vacuumNewProducts(database.db);
  await database.db.execute(sql`analyze products`);
  const where = config.databaseUrl ? 'the PostgreSQL server' : config.dataDir;
  console.log(
    added === 0
      ? `${runName} was already loaded into ${where}; nothing added.`
      : `Added ${added} synthetic products to ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}

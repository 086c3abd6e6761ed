// `npm run catalog:generate -- --products 1000000 [--seed 7]`: adds a synthetic catalog shaped
// like a real one (src/seed/synthetic.ts) to the configured database (DATA_DIR, or
// DATABASE_URL), for benchmarks. Runs once per size and seed: running it again with the same
// arguments adds nothing; a larger run keeps the products of a smaller one and adds the rest.
import { parseArgs } from 'node:util';

import { loadConfig } from '../config/env';
import { prepareDatabase } from '../db/prepare';

import { loadSyntheticCatalog } from './synthetic';

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
  const added = await loadSyntheticCatalog(database.db, count, seed);
  const where = config.databaseUrl ? 'the PostgreSQL server' : config.dataDir;
  console.log(
    added === 0
      ? `${runName} was already loaded into ${where}; nothing added.`
      : `Added ${added} synthetic products to ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}

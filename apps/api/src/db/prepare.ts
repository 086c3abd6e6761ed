import type { Config } from '../config/env';
import { buildDemoCatalog } from '../seed/demo-catalog';
import { loadCatalogOnce, setListPricesOnce } from '../seed/load-catalog';

import { openDatabase, type DatabaseHandle } from './client';
import { vacuumNewProducts } from './vacuum';

/**
 * Opens the configured database (PostgreSQL server when DATABASE_URL is set, else the embedded
 * one in DATA_DIR), brings its schema up to date, loads the demo catalog on first use and gives
 * a catalog loaded before list prices existed its list prices (once).
 */
export async function prepareDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseDirectUrl'>>): Promise<DatabaseHandle & { seeded: boolean }> {
  const handle = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, ...(config.databaseDirectUrl ? { directUrl: config.databaseDirectUrl } : {}) })
    : await openDatabase({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` });
  try {
    await handle.migrate();
    const seeded = await loadCatalogOnce(handle.db, buildDemoCatalog);
    await setListPricesOnce(handle.db, buildDemoCatalog);
    // Shoppers' lists read their indexes alone once the rows are visible to all (embedded only).
    await vacuumNewProducts(handle.db);
    return { ...handle, seeded };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

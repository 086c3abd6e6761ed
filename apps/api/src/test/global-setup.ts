import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { openDatabase } from '../db/client';
import { buildDemoCatalog } from '../seed/demo-catalog';
import { loadCatalogOnce } from '../seed/load-catalog';

import { adminQuery, databaseUrl, quoteIdent } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the API tests run against in this project. */
    dbKind: 'pglite' | 'postgres';
    /** pglite: a migrated, seeded database dumped to this file; each test file loads a copy. */
    pgliteDump: string;
    /** postgres: a migrated, seeded database each test file copies with CREATE DATABASE … TEMPLATE. */
    pgTemplate: string;
    /** postgres: the server's URL (DATABASE_URL). */
    pgUrl: string;
  }
}

/**
 * Migrates and seeds one database for the whole run, so a test file gets a fresh, full copy in
 * well under a second instead of initialising PostgreSQL again (3–5 s for PGlite).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name.endsWith('-pg')) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('The api-pg project needs DATABASE_URL');
    const template = `dukkan_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(url, `create database ${quoteIdent(template)}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template), poolSize: 2 });
    try {
      await handle.migrate();
      await loadCatalogOnce(handle.db, buildDemoCatalog);
    } finally {
      await handle.close();
    }
    project.provide('dbKind', 'postgres');
    project.provide('pgTemplate', template);
    project.provide('pgUrl', url);
    project.provide('pgliteDump', '');
    return async () => {
      await adminQuery(url, `drop database if exists ${quoteIdent(template)} with (force)`);
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-test-'));
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await handle.migrate();
    await loadCatalogOnce(handle.db, buildDemoCatalog);
    const dump = await handle.dump!();
    const file = path.join(dir, 'seeded.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteDump', file);
  } finally {
    await handle.close();
  }
  project.provide('dbKind', 'pglite');
  project.provide('pgTemplate', '');
  project.provide('pgUrl', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

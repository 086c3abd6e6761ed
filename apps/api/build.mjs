// Bundles the API and the workspace packages it imports into dist/server.js, and the page render
// worker into dist/render-worker.js; npm dependencies stay external and load from node_modules at
// run time. Also prepares dist/pglite-base.tar.gz:
// an empty, freshly initialised embedded PostgreSQL cluster, so a first start copies it instead
// of running initdb (about 6 s on a 2-core machine). Migrations and the demo catalog still run
// at first start (src/db/client.ts).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { build } from 'esbuild';

await build({
  // The render worker is a script of its own, started in worker threads by server.js.
  entryPoints: { server: 'src/server.ts', 'render-worker': 'src/modules/web/render-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@dukkan/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// Made again whenever the installed PGlite differs from the one that made it.
const pgliteDir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
const { version } = JSON.parse(readFileSync(path.join(pgliteDir, '..', 'package.json'), 'utf8'));
const base = 'dist/pglite-base.tar.gz';
const stamp = 'dist/pglite-base.version';
if (!existsSync(base) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== version) {
  await mkdir('dist', { recursive: true });
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  await writeFile(base, Buffer.from(await dump.arrayBuffer()));
  await writeFile(stamp, version);
}

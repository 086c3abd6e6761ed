#!/usr/bin/env node
// Size budget of the storefront: the JavaScript each route needs before it is live, gzipped —
// the entry and the chunks it imports (what every page loads) plus the route's own page chunk and
// the chunks that one imports (what the server preloads for it, ssr/route-assets.ts). Read from
// Vite's manifest. The first route, the home page, has the tighter budget.
// Two figures per route: the target of issue #10 (home 170 KB, every other route 300 KB), reported
// as met or not, and the ceiling this check enforces (exits 1 over it), which stops any growth
// while the targets are not yet met. Lower the ceilings as the routes get lighter.
// Usage: node apps/web/scripts/check-size.mjs [--home-budget-kb 165] [--route-budget-kb 300]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

function flag(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const HOME_TARGET_KB = 170;
const ROUTE_TARGET_KB = 300;
const homeBudgetKb = flag('--home-budget-kb', 165);
const routeBudgetKb = flag('--route-budget-kb', 300);
const HOME = 'src/app/routes/home-page.tsx';
/** Pages inside another page's route (the account's pages render inside its layout). */
const PARENT = {
  'src/features/profile/edit-profile-page.tsx': 'src/features/profile/profile-layout.tsx',
  'src/features/profile/address-book-page.tsx': 'src/features/profile/profile-layout.tsx',
  'src/features/orders/past-orders-page.tsx': 'src/features/profile/profile-layout.tsx',
  'src/features/orders/upcoming-orders-page.tsx': 'src/features/profile/profile-layout.tsx',
};

const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`check-size: ${manifestPath} not found; run "npm run build -w apps/web" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const sizes = new Map();
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JavaScript files of `key` and of everything it imports statically, except those in `skip`. */
function closure(key, skip = new Set(), files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || skip.has(chunk.file) || files.has(chunk.file)) return files;
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, skip, files);
  return files;
}
const sum = (files) => [...files].reduce((total, file) => total + gzipped(file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('check-size: the manifest names no entry.');
  process.exit(1);
}
const initial = closure(entryKey);
const initialBytes = sum(initial);
console.log(`Every page (entry + its imports), gzipped: ${kb(initialBytes)} in ${initial.size} files`);
for (const file of [...initial].sort((a, b) => gzipped(b) - gzipped(a)).slice(0, 8)) {
  console.log(`  ${kb(gzipped(file)).padStart(9)}  ${file}`);
}

const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && /^src\/.*(-page|-route|-layout)\.tsx$/.test(key));
const rows = pages.map((key) => {
  const files = closure(key, initial);
  if (PARENT[key]) closure(PARENT[key], initial, files);
  const total = initialBytes + sum(files);
  const budget = key === HOME ? homeBudgetKb : routeBudgetKb;
  const target = key === HOME ? HOME_TARGET_KB : ROUTE_TARGET_KB;
  return { key, total, budget, target, over: total > budget * 1024, onTarget: total <= target * 1024 };
});
rows.sort((a, b) => (a.key === HOME ? -1 : b.key === HOME ? 1 : b.total - a.total));
console.log('\nJavaScript per route (every page + the route\'s own chunks), gzipped:');
for (const row of rows) {
  const target = `target ${String(row.target).padStart(3)} KB ${row.onTarget ? 'met    ' : 'NOT met'}`;
  console.log(`  ${kb(row.total).padStart(9)}  ${target}  ceiling ${String(row.budget).padStart(3)} KB ${row.over ? 'OVER' : 'ok  '}  ${row.key}`);
}

const over = rows.filter((row) => row.over);
if (over.length > 0) {
  console.error(`check-size: ${over.map((row) => `${row.key} (${kb(row.total)})`).join(', ')} over budget.`);
  process.exit(1);
}

#!/usr/bin/env node
// Size budget of the storefront: the JavaScript a first visit needs before the page can render
// (the entry script and its <link rel="modulepreload"> chunks in dist/index.html), gzipped.
// Also reports what the home route adds (its lazily loaded chunk and that chunk's imports),
// from Vite's manifest. Exits 1 when the initial JavaScript is over the budget.
// Usage: node apps/web/scripts/check-size.mjs [--budget-kb 250]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const budgetFlag = process.argv.indexOf('--budget-kb');
const budgetKb = budgetFlag === -1 ? 250 : Number(process.argv[budgetFlag + 1]);
const HOME_ROUTE_SOURCE = 'src/app/routes/home-page.tsx';

const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`check-size: ${indexPath} not found; run "npm run build -w apps/web" first.`);
  process.exit(1);
}
const html = readFileSync(indexPath, 'utf8');

/** Values of `attribute` on every tag matching `tagPattern` in the html. */
function attributeValues(tagPattern, attribute) {
  const values = [];
  for (const [tag] of html.matchAll(tagPattern)) {
    const match = tag.match(new RegExp(`\\s${attribute}=["']([^"']+)["']`));
    if (match) values.push(match[1]);
  }
  return values;
}

const entryScripts = attributeValues(/<script\b[^>]*\btype=["']module["'][^>]*>/g, 'src');
const preloads = attributeValues(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>/g, 'href');
const initial = [...new Set([...entryScripts, ...preloads])].filter((url) => !/^[a-z]+:\/\//i.test(url));
if (entryScripts.length === 0) {
  console.error('check-size: no <script type="module"> found in dist/index.html.');
  process.exit(1);
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let initialBytes = 0;
console.log('Initial JavaScript (entry + modulepreload), gzipped:');
for (const url of initial) {
  const file = url.replace(/^\//, '');
  const size = gzipped(file);
  initialBytes += size;
  console.log(`  ${kb(size).padStart(9)}  ${file}`);
}
console.log(`  ${kb(initialBytes).padStart(9)}  total (budget ${budgetKb} KB)`);

// The home route's own chunk and the shared chunks it imports that the first load lacks.
const manifestPath = join(dist, '.vite', 'manifest.json');
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const initialFiles = new Set(initial.map((url) => url.replace(/^\//, '')));
  const extra = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || initialFiles.has(chunk.file) || extra.has(chunk.file)) return;
    extra.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(HOME_ROUTE_SOURCE);
  const extraBytes = [...extra].reduce((sum, file) => sum + gzipped(file), 0);
  console.log(
    `Home route: initial ${kb(initialBytes)} + route chunks ${kb(extraBytes)} (${extra.size} files) = ${kb(initialBytes + extraBytes)} gzipped`,
  );
}

if (initialBytes > budgetKb * 1024) {
  console.error(`check-size: initial JavaScript ${kb(initialBytes)} is over the ${budgetKb} KB budget.`);
  process.exit(1);
}

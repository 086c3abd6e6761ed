#!/usr/bin/env node
// The JavaScript a page is served with, as a browser gets it (issue #18): every script file the
// page loads before it is live — the boot script, the entry, its preloads and the page's own
// chunks, kept in `<template id="dukkan-scripts">` or in the head — plus the scripts written
// inline and the state handed over in the page (`<script type="application/json">`), each gzipped
// (level 9). Chunks loaded later (the slider's code, the toasts, a menu) are not counted.
//
// Usage:
//   node apps/web/scripts/served-size.mjs [--url http://127.0.0.1:3000] [--budget-kb 150]
// Without --url it starts the built shop (apps/api/dist/server.js) on a free port with a fresh
// embedded database, measures, and stops it. It prints the public pages' figures; with
// --budget-kb it exits 1 when one of them is over it (each is the first route of a shopper who
// lands on it: from a search engine, a shared link).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const gzipped = (text) => gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What `path` is served with: `{ files: [{ url, bytes }], inline, state, total }`, sizes gzipped.
 * Script files are those a `<script src>` or `<link rel="modulepreload">` names, in the page or in
 * its scripts template.
 */
export async function servedJavaScript(baseUrl, path) {
  const answer = await fetch(new URL(path, baseUrl));
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  const html = await answer.text();
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.add(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) urls.add(href);
  }
  const files = [];
  for (const url of urls) {
    const file = await fetch(new URL(url, baseUrl));
    if (!file.ok) throw new Error(`GET ${url}: ${file.status}`);
    files.push({ url, bytes: gzipped(await file.text()) });
  }
  let inline = 0;
  let state = 0;
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes) || content.trim() === '') continue;
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (type === 'application/json') state += gzipped(content);
    // Structured data for search engines is not JavaScript.
    else if (type === '' || type === 'module' || type === 'text/javascript') inline += gzipped(content);
  }
  const total = files.reduce((sum, file) => sum + file.bytes, 0) + inline + state;
  return { files, inline, state, total };
}

/** The built shop on a free port with a fresh database: `{ url, stop }`. */
export async function startBuiltShop() {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'dukkan-size-'));
  const child = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('the shop did not start within 60 s')), 60_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const match = /is ready on (http:\/\/[\d.]+:\d+)/.exec(chunk);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited with code ${code} before it was ready`));
    });
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The public pages measured: home first, then one of each kind. */
export async function publicPages(baseUrl) {
  const answer = await fetch(new URL('/api/product/category/Grocery', baseUrl));
  const product = (await answer.json()).data?.[0]?._id;
  return ['/', '/Grocery', ...(product ? [`/details/${product}`] : []), '/search?q=milk', '/termsOfUs'];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = (name) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? undefined : process.argv[index + 1];
  };
  const budgetKb = flag('--budget-kb') === undefined ? undefined : Number(flag('--budget-kb'));
  const given = flag('--url');
  const shop = given ? { url: given, stop: async () => {} } : await startBuiltShop();
  const over = [];
  try {
    console.log('Served JavaScript before a page is live (script files + inline scripts + inline state), gzipped:');
    for (const path of await publicPages(shop.url)) {
      const served = await servedJavaScript(shop.url, path);
      const files = served.files.reduce((sum, file) => sum + file.bytes, 0);
      const label = path.replace(/[0-9a-f-]{36}/, '{id}');
      const verdict = budgetKb === undefined ? '' : served.total > budgetKb * 1024 ? `  OVER the ${budgetKb} KB budget` : `  within ${budgetKb} KB`;
      if (budgetKb !== undefined && served.total > budgetKb * 1024) over.push(label);
      console.log(
        `  ${kb(served.total).padStart(9)}  ${label.padEnd(16)} (${served.files.length} files ${kb(files)}, inline scripts ${kb(served.inline)}, state ${kb(served.state)})${verdict}`,
      );
    }
  } finally {
    await shop.stop();
  }
  if (over.length > 0) {
    console.error(`served-size: over ${budgetKb} KB: ${over.join(', ')}.`);
    process.exit(1);
  }
}

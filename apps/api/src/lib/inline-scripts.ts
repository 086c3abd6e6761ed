import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `<script>` elements of a page, with their attributes and content. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Types of `<script>` a browser runs (no type, or a JavaScript one); data blocks such as JSON are not run. */
const RUNNABLE_TYPE = /^\s*(text\/javascript|application\/javascript|module)?\s*$/i;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the scripts written inline in `html`:
 * the storefront's template carries one (the early-event script, decision 0024), which the
 * policy must allow without `'unsafe-inline'`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE_TYPE.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The hashes of the inline scripts of the built storefront's template in `webDistDir`, if it is built. */
export function storefrontInlineScriptHashes(webDistDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

#!/usr/bin/env node
// Makes public/favicon.ico from public/favicon.svg: the same icon at 16, 32 and 48 pixels,
// rendered by headless Chromium and stored as PNG images inside one ICO file (the format every
// browser, and every tool that asks a site for /favicon.ico, reads). Pages link the SVG; the
// .ico is for whoever asks for the conventional address. Run it again when the SVG changes;
// nothing here runs at build or run time.
//
// Needs: Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
// Usage: node apps/web/scripts/make-favicon-ico.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const publicDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = join(publicDir, 'favicon.svg');
const ico = join(publicDir, 'favicon.ico');
const SIZES = [16, 32, 48];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The width and height a PNG's IHDR chunk declares. */
function pngSize(png) {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('Chromium did not write a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** An ICO file holding `images` (PNGs, at most 256 px): a 6-byte header, 16 bytes per image, the images. */
function icoOf(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map((png) => {
    const { width, height } = pngSize(png);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(width % 256, 0); // 0 means 256
    entry.writeUInt8(height % 256, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

const work = mkdtempSync(join(tmpdir(), 'dukkan-favicon-'));
try {
  const images = SIZES.map((size) => {
    // A page of the icon alone at `size` pixels, on a transparent background.
    const page = join(work, `icon-${size}.html`);
    writeFileSync(
      page,
      `<!doctype html><style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${pathToFileURL(svg).href}" width="${size}" height="${size}" alt="">`,
    );
    const png = join(work, `icon-${size}.png`);
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--hide-scrollbars',
        '--allow-file-access-from-files',
        '--default-background-color=00000000',
        '--force-device-scale-factor=1',
        `--screenshot=${png}`,
        `--window-size=${size},${size}`,
        pathToFileURL(page).href,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    const image = readFileSync(png);
    const { width, height } = pngSize(image);
    if (width !== size || height !== size) throw new Error(`Chromium wrote ${width}x${height}, not ${size}x${size}`);
    console.log(`rendered ${size}x${size}`);
    return image;
  });
  writeFileSync(ico, icoOf(images));
  console.log(`wrote ${ico} (${readFileSync(ico).length} bytes)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

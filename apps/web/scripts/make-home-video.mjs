#!/usr/bin/env node
// Makes the home page's looping video (public/media/renew.webm) and its poster (renew-poster.jpg)
// from the shop's own artwork: the text-free grocery banners the API draws at /images/banners/.
// Each banner is rendered to PNG by headless Chromium, then ffmpeg gives every picture a slow
// Ken Burns move (zoom and pan over its right half, where the produce is) and cross-fades them.
// The app only serves the two files; nothing here runs at build or run time.
//
// Needs: a running shop (npm start, or PORT=3100 node apps/api/dist/server.js), Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium) and ffmpeg with libvpx-vp9 on the PATH
// (Debian: apt-get install -y ffmpeg chromium).
// Usage: node apps/web/scripts/make-home-video.mjs [--api http://127.0.0.1:3000]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiFlag = process.argv.indexOf('--api');
const api = apiFlag === -1 ? 'http://127.0.0.1:3000' : process.argv[apiFlag + 1];
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const mediaDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'media');
const video = join(mediaDir, 'renew.webm');
const poster = join(mediaDir, 'renew-poster.jpg');

/** The banners shown, in order; each is 1600 x 500 and keeps its subject in the right half. */
const BANNERS = ['grocery-hero', 'grocery-promo-1', 'grocery-promo-2', 'home-hero'];
const WIDTH = 640;
const HEIGHT = 360;
const FPS = 25;
/** Seconds each picture is on screen, and the cross-fade between two of them. */
const SHOT = 5;
const FADE = 1;
/** What of a banner is filmed: a 16:9 window over its right part (x 700-1580). */
const CROP = { w: 880, h: 495, x: 700, y: 2 };

const work = mkdtempSync(join(tmpdir(), 'dukkan-video-'));
try {
  const pictures = BANNERS.map((name) => {
    const png = join(work, `${name}.png`);
    execFileSync(chromium, [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      `--screenshot=${png}`,
      '--window-size=1600,500',
      `${api}/images/banners/${name}.svg`,
    ], { stdio: 'ignore', timeout: 60_000 });
    console.log(`rendered ${name}`);
    return png;
  });

  const frames = SHOT * FPS;
  const shots = pictures.map((_, index) => {
    // Alternate the pan: left to right, then right to left; the zoom grows from 1 to 1.12.
    const pan = index % 2 === 0 ? `(iw-iw/zoom)*on/${frames}` : `(iw-iw/zoom)*(1-on/${frames})`;
    return (
      `[${index}:v]crop=${CROP.w}:${CROP.h}:${CROP.x}:${CROP.y},scale=${WIDTH * 3}:${HEIGHT * 3},` +
      `zoompan=z='1+0.12*on/${frames}':x='${pan}':y='(ih-ih/zoom)/2':d=${frames}:s=${WIDTH}x${HEIGHT}:fps=${FPS},` +
      `settb=AVTB,format=yuv420p[s${index}]`
    );
  });
  let last = 's0';
  const fades = [];
  for (let index = 1; index < pictures.length; index += 1) {
    const offset = index * (SHOT - FADE);
    const out = `x${index}`;
    fades.push(`[${last}][s${index}]xfade=transition=fade:duration=${FADE}:offset=${offset}[${out}]`);
    last = out;
  }

  execFileSync('ffmpeg', [
    '-y',
    '-loglevel', 'error',
    ...pictures.flatMap((png) => ['-i', png]),
    '-filter_complex', [...shots, ...fades].join(';'),
    '-map', `[${last}]`,
    '-an',
    '-c:v', 'libvpx-vp9',
    '-b:v', '0',
    '-crf', '44',
    '-row-mt', '1',
    '-deadline', 'good',
    '-cpu-used', '2',
    '-g', String(FPS * SHOT),
    video,
  ], { stdio: 'inherit' });

  // The poster is the video's first frame, so nothing jumps when playback starts.
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', video, '-frames:v', '1', '-q:v', '5', poster], { stdio: 'inherit' });

  for (const file of [video, poster]) console.log(`${file}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

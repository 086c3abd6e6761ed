// Makes sure a Chromium is there for Playwright without ever downloading a browser build of our
// own: on a Debian machine where we run as root, Debian's package is installed; elsewhere we say
// what to run and stop.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const installCommand = 'apt-get update && apt-get install -y chromium';

if (existsSync(chromium)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${chromium}, but there is no such file.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/etc/debian_version')) {
  console.log(`Chromium is missing: installing Debian's package (${installCommand}) ...`);
  execSync(installCommand, { stdio: 'inherit', shell: '/bin/sh', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (existsSync(chromium)) process.exit(0);
}

console.error(`The end-to-end tests need Chromium at ${chromium}. Install it with:\n\n  sudo ${installCommand}\n\nor point CHROMIUM_PATH at a Chromium or Chrome binary.`);
process.exit(1);

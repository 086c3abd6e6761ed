import { describe, expect, it } from 'vitest';

import { BOOT_SCRIPT, placeScripts, SCRIPTS_PLACEHOLDER } from './scripts-template';

const ENTRY = '<script fetchpriority="low" type="module" crossorigin src="/assets/index-1.js"></script>';
const BUILT = `<head><!--app-head--></head><body><div id="root"></div><template id="dukkan-scripts">${SCRIPTS_PLACEHOLDER}${ENTRY}</template>\n    ${BOOT_SCRIPT}\n  </body>`;
const PAGE = '<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/home-page-1.js">';

describe('placeScripts', () => {
  it("keeps a public page's scripts, its own chunks first, in the template for after the first paint", () => {
    const placed = placeScripts(BUILT, PAGE, { afterPaint: true });
    expect(placed.head).toBe('');
    expect(placed.template).toContain(`<template id="dukkan-scripts">${PAGE}${ENTRY}</template>`);
    expect(placed.template).toContain(BOOT_SCRIPT);
  });

  it("puts a session page's scripts in the head at once, without the template or the boot script", () => {
    const placed = placeScripts(BUILT, PAGE, { afterPaint: false });
    expect(placed.head).toBe(`${PAGE}${ENTRY}`);
    expect(placed.template).not.toContain('<template');
    expect(placed.template).not.toContain(BOOT_SCRIPT);
    expect(placed.template).toContain('<div id="root"></div>');
  });

  it("leaves the development server's template as it is and puts the preloads in the head", () => {
    const dev = '<head><!--app-head--></head><body><script type="module" src="/src/main.tsx"></script></body>';
    expect(placeScripts(dev, PAGE, { afterPaint: true })).toEqual({ template: dev, head: PAGE });
  });
});

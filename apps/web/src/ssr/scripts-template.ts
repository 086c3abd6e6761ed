/**
 * The built index.html keeps its module scripts and preloads in an inert
 * `<template id="dukkan-scripts">` until the page has painted (vite/scripts-after-paint.ts,
 * public/boot.js, decision 0022); the server adds the page's own chunks there, in place of the
 * placeholder.
 */
export const SCRIPTS_TEMPLATE_ID = 'dukkan-scripts';
export const SCRIPTS_PLACEHOLDER = '<!--app-scripts-->';
/** The script that adds them to the document (public/boot.js). */
export const BOOT_SCRIPT = '<script src="/boot.js" defer></script>';

const TEMPLATE = new RegExp(`<template id="${SCRIPTS_TEMPLATE_ID}">([\\s\\S]*?)</template>`);

/**
 * Puts the page's scripts (`scripts`, beside the entry's) in the built template: kept for after
 * the first paint on a page the server renders whole, in the head at once on a page whose content
 * the browser renders (the session's pages: their content waits for the script anyway). The
 * development server's template has no such place: the scripts go in the head.
 */
export function placeScripts(template: string, scripts: string, { afterPaint }: { afterPaint: boolean }): { template: string; head: string } {
  const kept = TEMPLATE.exec(template);
  if (!kept) return { template, head: scripts };
  if (afterPaint) return { template: template.replace(SCRIPTS_PLACEHOLDER, () => scripts), head: '' };
  // Nothing to wait for: the page's content needs its scripts. Still at low priority: the frame
  // the server sends (header, footer, the loading state) paints without them.
  return {
    template: template.replace(kept[0], '').replace(BOOT_SCRIPT, ''),
    head: `${scripts}${(kept[1] ?? '').replace(SCRIPTS_PLACEHOLDER, '')}`,
  };
}

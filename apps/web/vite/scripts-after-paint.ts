import type { Plugin } from 'vite';

import { BOOT_SCRIPT, SCRIPTS_PLACEHOLDER, SCRIPTS_TEMPLATE_ID } from '../src/ssr/scripts-template';

const SCRIPT_TAGS = /[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n?/g;

/**
 * The built index.html's module script and preloads, moved into an inert
 * `<template id="dukkan-scripts">` at the end of the body, with `fetchpriority="low"`; public/boot.js
 * adds them to the document once the server's page has painted (decision 0022). The server sends
 * each public page whole, so its first paint needs no script; loaded with the HTML, the scripts
 * would share the connection with the page's images and keep the main thread from painting them.
 */
export function scriptsAfterPaint(): Plugin {
  return {
    name: 'dukkan:scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const tags = (html.match(SCRIPT_TAGS) ?? []).map((tag) => tag.trim().replace(/^<(script|link)/, '<$1 fetchpriority="low"'));
        return html
          .replace(SCRIPT_TAGS, '')
          .replace(
            '</body>',
            `  <template id="${SCRIPTS_TEMPLATE_ID}">${SCRIPTS_PLACEHOLDER}${tags.join('')}</template>\n    ${BOOT_SCRIPT}\n  </body>`,
          );
      },
    },
  };
}

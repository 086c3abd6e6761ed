import type { Plugin } from 'vite';

/**
 * `fetchpriority="low"` on the entry's `<script type="module">` and its `<link rel="modulepreload">`
 * in the built index.html (the server adds the same to the page chunks it preloads,
 * src/ssr/route-assets.ts). The server sends each public page whole, so the first paint needs no
 * script: the page's images (the LCP image first) and fonts download before the scripts that
 * make it interactive, instead of sharing the connection with them. Decision 0022.
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'dukkan:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
    },
  };
}

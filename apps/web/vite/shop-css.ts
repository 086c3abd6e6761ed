import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('../src/app/shop.css', import.meta.url));

/**
 * CSS without its comments and the white space around its punctuation (the file holds no strings
 * with either). The space before a `:` stays: in a selector it is a descendant combinator.
 */
export function compactCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

/** The page's own style sheet (src/app/shop.css), compacted, for the head of every page. */
export async function shopCss(): Promise<string> {
  return compactCss(await readFile(SOURCE, 'utf8'));
}

/**
 * Puts src/app/shop.css inline at the top of the page's head (decision 0027), in development and
 * in the build: the header, cards and sliders it styles are in the page's first paint, and it
 * costs no request of its own. Emotion's critical CSS (MUI's components) comes after it.
 */
export function inlineShopCss(): Plugin {
  return {
    name: 'dukkan:shop-css',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) => {
        if (!html.includes('<!--app-head-->')) throw new Error('index.html has no <!--app-head--> to put the shop style before');
        const css = await shopCss();
        return html.replace('<!--app-head-->', () => `<style id="dukkan-shop-style">${css}</style>\n    <!--app-head-->`);
      },
    },
  };
}

import type { Plugin } from 'vite';

/** V8's magic comment that compiles a whole file eagerly, off the main thread (decision 0047). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's explicit compile hint (Chrome 136 and later) on the first line of every script file of
 * the browser's build: each function is then compiled while the file streams in, on a background
 * thread, not on the main thread the first time it is called — which, for the page's code, is
 * while the page hydrates (decision 0047). Added once the files are minified (minifying drops
 * comments); a source map, when the build writes one, is moved down the added line.
 */
export function compileHint(): Plugin {
  return {
    name: 'dukkan-compile-hint',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After Vite's own, which puts the lazy imports' preload list (`__vite__mapDeps`) at the top.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          file.code = `${COMPILE_HINT}\n${file.code}`;
          const map = bundle[`${file.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}

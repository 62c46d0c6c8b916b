import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type Plugin, type UserConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const shared: UserConfig = {
  define: { __VERSION__: JSON.stringify(version) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  publicDir: false,
};

/** Replaced in the builds only: unit tests keep React's development checks. */
const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * The compact build: the same source, with React's packages resolved to preact/compat. Exact matches only, most
 * specific first, so `react-dom/client` never falls through to `react-dom`. Applies to node_modules too
 * (zustand's and embla's React bindings import `react`).
 */
const PREACT: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * How a widget's chunk and the chunks it imports are requested together (one request wave, not one per level of
 * imports). Vite's helper adds a `<link rel="modulepreload">` to the head per chunk, and each insertion costs the
 * scan's task a few milliseconds on a slow phone (35 ms of a 50 ms task on the product page at 4x throttling).
 * Ours starts `import()` of every chunk the widget needs, in the same task, before the widget's own: the same
 * single wave, no element in the document, no nonce needed (the chunks load exactly as the widget's own import
 * does, under the same CSP). A failed dependency is left to the widget's import, which fails with it and is
 * reported by the runtime.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
function importDependencies(): Plugin {
  const code = `const started = new Set();
export const __vitePreload = (load, deps, base) => {
  if (deps) for (const dep of deps) {
    const url = new URL(dep, base).href;
    if (started.has(url)) continue;
    started.add(url);
    import(/* @vite-ignore */ url).catch(() => {});
  }
  return load();
};`;
  return {
    name: 'storefront:import-dependencies',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? code : null),
  };
}

/**
 * No chunk may import from the entry. WordPress prints the tag as `storefront.js?ver=0.1.0`, while a chunk
 * imports `../storefront.js`: another URL, so the browser would fetch and run the entry a second time (a second
 * runtime, its own module state). What the entry shares with widgets belongs in core; the build stops otherwise.
 */
function entryExportsNothing(): Plugin {
  return {
    name: 'storefront:entry-exports-nothing',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !chunk.exports.length) continue;
        const importers = Object.values(bundle)
          .filter((c) => c.type === 'chunk' && c.imports.includes(chunk.fileName))
          .map((c) => c.fileName);
        this.error(
          `${chunk.fileName} exports ${chunk.exports.join(', ')} to ${importers.join(', ')}: chunks must not import from the entry (a ?ver= query makes it a second module); add the shared module to the core group`,
        );
      }
    },
  };
}

/**
 * Builds, chosen by --mode:
 * - default: dist/storefront.js, the ES module entry, with every widget and React in dist/chunks/, imported
 *   relative to the entry so the folder works from any URL path;
 * - compact: the same into dist/compact/, with preact/compat in place of React;
 * - classic: dist/storefront.classic.js and dist/compact/storefront.classic.js, a classic script that loads the
 *   module build beside it (one file, written to both folders);
 * - mock: dist-demo/mock.js, the browser side of the stateful mock (MSW) for the demo and the browser tests.
 */
export default defineConfig(({ mode }) => {
  if (mode === 'mock') {
    return {
      ...shared,
      define: { ...shared.define, ...production },
      // No public-suffix list in the browser mock (fixtures/mock/public-suffix.ts says why).
      resolve: { alias: [{ find: /^tldts$/, replacement: fileURLToPath(new URL('fixtures/mock/public-suffix.ts', import.meta.url)) }] },
      build: {
        outDir: 'dist-demo',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        lib: { entry: 'fixtures/mock/browser.ts', formats: ['es'], fileName: () => 'mock.js' },
        rolldownOptions: { output: [{ format: 'es', minify: true, codeSplitting: false }] },
      },
    };
  }
  if (mode === 'classic') {
    const output = (dir: string) => ({
      dir,
      format: 'iife' as const,
      name: 'StorefrontIslandsLoader',
      minify: true,
      entryFileNames: 'storefront.classic.js',
    });
    return {
      ...shared,
      define: { ...shared.define, ...production },
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        copyPublicDir: false,
        // Maps beside the files, not named in them (see the module builds).
        sourcemap: 'hidden',
        target: 'es2017',
        lib: { entry: 'mount/classic.ts', formats: ['iife'], name: 'StorefrontIslandsLoader', fileName: () => 'storefront.classic.js' },
        rolldownOptions: { output: [output('dist'), output('dist/compact')] },
      },
    };
  }
  const compact = mode === 'compact';
  const framework = compact ? 'preact' : 'react';
  return {
    ...shared,
    define: { ...shared.define, ...production },
    // Chunk URLs (and the preload list) resolve against the importing chunk's own URL: the folder works from any path.
    base: './',
    resolve: compact ? { alias: PREACT } : {},
    plugins: [importDependencies(), entryExportsNothing()],
    build: {
      outDir: compact ? 'dist/compact' : 'dist',
      // The default build empties dist/ (the compact build's folder included); the compact build only its own.
      emptyOutDir: true,
      copyPublicDir: false,
      // Each file's map sits beside it (`chunks/x.js.map`) without a `//# sourceMappingURL` line in the file: the
      // line is about 40 B gzip per file that every shopper downloads (0.5 kB on a product page) for a map only
      // DevTools reads. Error trackers take the maps as uploaded files; in DevTools, "Add source map…" on a file.
      sourcemap: 'hidden',
      // Class fields and logical assignment as written (320 B less on a product page): Safari 15, Chrome and
      // Firefox 90 or later (2021). An older browser fails to parse the chunks and keeps the plain server pages.
      target: 'es2022',
      manifest: 'manifest.json',
      // No polyfill (every browser with modules but without modulepreload still loads the chunks, just in waves).
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // The variations worker is an entry of its own: a same-origin file the variation form starts by URL
        // (a worker from a blob or data URL would need a CSP exception).
        input: { storefront: 'mount/index.ts', 'variations-worker': 'widgets/variation-form/variations.worker.ts' },
        preserveEntrySignatures: 'allow-extension',
        output: [
          {
            format: 'es',
            minify: true,
            entryFileNames: '[name].js',
            chunkFileNames: 'chunks/[name]-[hash:7].js',
            assetFileNames: 'chunks/[name]-[hash][extname]',
            codeSplitting: {
              groups: [
                // The framework (React and react-dom, or preact/compat) loads once, in one chunk, and only when a
                // React widget mounts; the island layer over it (and the entity decoder only islands use) travels
                // with it. Below core's priority: the core modules the layer imports stay in core.
                {
                  name: framework,
                  test: /(node_modules[\\/](react|react-dom|scheduler|preact)[\\/])|([\\/]src[\\/]react[\\/](island|render)\.)/,
                  priority: 9,
                },
                // "Plain first, view on intent" (src/react/defer.ts): plain code several widgets' chunks share (cf7,
                // privacy, off-canvas, the mini-cart), apart from the cart core so a page without a cart does not
                // load it to defer a view.
                {
                  name: 'defer',
                  test: /[\\/]src[\\/]react[\\/]defer\./,
                  priority: 9,
                },
                // The Avada header's widgets (header, its cart item, sticky header, the disclosure they share) and
                // the viewport classes sit on nearly every page together: one file instead of seven small ones.
                {
                  name: 'chrome',
                  test: /([\\/]widgets[\\/]menu[\\/](header|header-cart|disclosure|logic)[.])|([\\/]widgets[\\/]sticky-header[\\/])/,
                  priority: 7,
                },
                // The notices' focus and list mending: on every WooCommerce page (the notices wrapper), also where
                // nothing else needs the cart store. Apart from the cart chunk, so a page without a mini-cart or a
                // store notice does not load the cart to focus a notice. The notice builders and parsers of the
                // cart and checkout pages (src/dom/notices.ts) stay with those pages.
                {
                  name: 'notices',
                  test: /([\\/]widgets[\\/]notices[\\/])|([\\/]src[\\/]dom[\\/]notice-lists\.)/,
                  priority: 6,
                },
                // The cart core (store, fragments, storage, the status region, zustand's vanilla store): the
                // mini-cart loads it on every page of a shop, so its small modules travel as one file instead of
                // several tiny ones. A lower priority than core: what core holds stays there.
                {
                  name: 'cart',
                  test: /([\\/]src[\\/]cart[\\/](?!(changes|fragments|swap|response|schema)\.))|([\\/]node_modules[\\/]zustand[\\/]esm[\\/]vanilla\.)|([\\/]widgets[\\/](mini-cart[\\/](mini-cart\.widget|logic|remove-link)|store-notice[\\/]))/,
                  priority: 5,
                },
                // What the cart core runs only when something happens (a refresh's request and answer, a cart
                // answer swapped in, stored fragments reused): loaded by import() the first time, and with the
                // widgets that change the cart. Most page views never need it.
                {
                  name: 'cart-changes',
                  test: /[\\/]src[\\/]cart[\\/](changes|fragments|swap|response|schema)\./,
                  priority: 4,
                },
                // The request layer (fetch with timeouts and schemas, wc-ajax, the cart queue, the error catalogue):
                // only with a chunk that imports it, never at load for a page that asks nothing. Below core's
                // priority: a group takes the modules its own import, and those core holds must stay there.
                {
                  name: 'net',
                  test: /[\\/]src[\\/]net[\\/](request|queue|wc|errors)\./,
                  priority: 8,
                },
                // The small framework-free helpers nearly every widget shares travel in one chunk: one request
                // instead of fifteen tiny ones. Cart-page and checkout helpers and the cart store stay apart.
                // The viewport rules (the widget on every page uses them, a few hundred bytes) travel with them.
                // So does the split tests' choice: the entry makes it in its first task (before the first frame).
                // Not a widget itself: a widget inside a shared chunk needs Rolldown's runtime helper, which core
                // would then import statically, one request wave deeper before any widget could load.
                {
                  name: 'core',
                  test: /(rolldown[\\/]runtime)|([\\/]src[\\/](events|env|log|config|storage|tabs)[\\/.])|([\\/]src[\\/]net[\\/]url)|([\\/]src[\\/]dom[\\/](announce|focus|easing|scroll|styles|html|press|consent-gate)\.)|([\\/]src[\\/](host|widget)\.)|([\\/]widgets[\\/](viewport[\\/]logic|anchors[\\/]links|split-test[\\/](decide|logic))\.)|([\\/]node_modules[\\/]js-cookie[\\/])/,
                  priority: 10,
                },
              ],
            },
          },
        ],
      },
    },
  };
});

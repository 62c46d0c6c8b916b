import { readFileSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const shared: UserConfig = {
  define: { __VERSION__: JSON.stringify(version) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  publicDir: false,
};

/**
 * Three builds, chosen by --mode:
 * - default: dist/storefront.js, the ES module entry, with every widget and React in dist/chunks/, imported
 *   relative to the entry so the folder works from any URL path;
 * - classic: dist/storefront.classic.js, a classic script that loads the module build beside it;
 * - mock: dist-demo/mock.js, the browser side of the stateful mock (MSW) for the demo and the browser tests.
 */
export default defineConfig(({ mode }) => {
  const production = { 'process.env.NODE_ENV': JSON.stringify('production') };
  if (mode === 'mock') {
    return {
      ...shared,
      define: { ...shared.define, ...production },
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
    return {
      ...shared,
      define: { ...shared.define, ...production },
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        copyPublicDir: false,
        sourcemap: true,
        target: 'es2017',
        lib: { entry: 'mount/classic.ts', formats: ['iife'], name: 'StorefrontIslandsLoader', fileName: () => 'storefront.classic.js' },
        rolldownOptions: { output: [{ format: 'iife', name: 'StorefrontIslandsLoader', minify: true, entryFileNames: 'storefront.classic.js' }] },
      },
    };
  }
  return {
    ...shared,
    define: { ...shared.define, ...production },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: true,
      target: 'es2020',
      manifest: 'manifest.json',
      // The variations worker is an entry of its own: a same-origin file the variation form starts by URL
      // (a worker from a blob or data URL would need a CSP exception).
      lib: { entry: { storefront: 'mount/index.ts', 'variations-worker': 'widgets/variation-form/variations.worker.ts' }, formats: ['es'] },
      rolldownOptions: {
        output: [
          {
            format: 'es',
            minify: true,
            entryFileNames: '[name].js',
            chunkFileNames: 'chunks/[name]-[hash].js',
            assetFileNames: 'chunks/[name]-[hash][extname]',
            codeSplitting: {
              groups: [
                // React and react-dom load once, in one chunk, and only when a React widget mounts.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
                // The small framework-free helpers nearly every widget shares travel in one chunk: one request
                // instead of fifteen tiny ones. Cart-page and checkout helpers and the cart store stay apart.
                {
                  name: 'core',
                  test: /([\\/]src[\\/](events|env|log|config|storage|net|tabs)[\\/.])|([\\/]src[\\/]dom[\\/](announce|focus|easing|scroll|styles)\.)|([\\/]mount[\\/](host|types)\.)|([\\/]node_modules[\\/]js-cookie[\\/])/,
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

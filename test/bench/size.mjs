#!/usr/bin/env node
/**
 * `npm run size` — what the built bundle weighs and what each fixture page loads.
 *
 *   node test/bench/size.mjs                  tables: files, widgets, pages, for both builds
 *   node test/bench/size.mjs --check          also enforce test/bench/budgets.json; exit 1 on a breach
 *   node test/bench/size.mjs --write-budgets  add a budget (1.25 × measured, rounded up) for widgets and pages that have none
 *   node test/bench/size.mjs --json           the analysis as JSON (for other scripts)
 *   node test/bench/size.mjs --pages <dir>    measure other pages, e.g. fixtures/recordings/<name>/pages
 *   node test/bench/size.mjs --build compact  one build only (react or compact)
 *
 * Reads both builds as `npm run build` leaves them: dist/ (React 19) and dist/compact/ (preact/compat), each with
 * its manifest.json from the ES build and storefront.classic.js from the classic build. The registry is read by importing mount/registry.ts through Vite's module runner, so the
 * names, selectors and triggers are the ones the runtime uses, never a copy that drifts. Which widgets a page
 * mounts is decided by running each selector over the fixture page's markup (happy-dom, scripts off).
 *
 * Bytes are deterministic, which makes the budget check a fair CI gate.
 */
import { readFileSync, readdirSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync, brotliCompressSync, constants as zlib } from 'node:zlib';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DIST = join(ROOT, 'dist');
/** The two builds of the same source, and the budgets of each in budgets.json (the compact build's under `compact`). */
export const BUILDS = [
  { id: 'react', label: 'React build (dist/)', dist: DIST },
  { id: 'compact', label: 'compact build (dist/compact/, preact/compat)', dist: join(DIST, 'compact') },
];
let PAGES = join(ROOT, 'fixtures', 'pages');
const BUDGETS = join(ROOT, 'test', 'bench', 'budgets.json');
const ENTRY_FILE = 'storefront.js';
const CLASSIC_FILE = 'storefront.classic.js';
/** Triggers whose chunk is requested as soon as the markup is found. */
const AT_LOAD = new Set(['load']);

// ---------------------------------------------------------------------------------------------- measuring

/** @param {Buffer} buf */
export function weigh(buf) {
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    }).length,
  };
}

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

/** The widget list exactly as the runtime sees it, with each entry's module path recovered from its import. */
async function loadRegistry() {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(join(ROOT, 'mount', 'registry.ts'), {
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
  });
  return module.registry.map((entry) => ({
    name: entry.name,
    selector: entry.selector,
    trigger: entry.trigger,
    media: entry.media,
    global: entry.global,
    view: entry.view,
    source: importedPath(entry.load),
  }));
}

/**
 * The module path a registry entry's `load` imports. Vite's runner rewrites `import('../widgets/x/x.widget')`
 * to `__vite_ssr_dynamic_import__("/widgets/x/x.widget.ts")` (root-relative, extension resolved).
 */
function importedPath(load) {
  const text = String(load);
  const match = /(?:__vite_ssr_dynamic_import__|import)\(\s*(["'`])([^"'`]+)\1/.exec(text);
  if (!match) return undefined;
  const spec = match[2];
  if (spec.startsWith('/')) return spec.slice(1);
  if (spec.startsWith('.')) return posix.normalize(posix.join('mount', spec));
  return spec;
}

function manifestKey(manifest, source, grouped) {
  if (!source) return undefined;
  for (const candidate of [source, `${source}.ts`, `${source}.tsx`, `${source}/index.ts`, `${source}/index.tsx`]) {
    if (manifest[candidate]) return candidate;
    if (grouped?.has(candidate)) return grouped.get(candidate);
  }
  return undefined;
}

/**
 * Widgets that a codeSplitting group (vite.config.ts) merged into a shared chunk have no manifest key of their
 * own: the manifest names a chunk only by its facade module. Which shared chunk holds a module is read from
 * that chunk's source map (`sources`), relative to the project root.
 */
function groupedModules(manifest, dist) {
  const byModule = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.src || !key.startsWith('_')) continue;
    const mapFile = join(dist, `${chunk.file}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    for (const source of map.sources ?? []) {
      const rel = relative(ROOT, resolve(dist, posix.dirname(chunk.file), source))
        .split('\\')
        .join('/');
      if (!rel.startsWith('..') && !rel.startsWith('node_modules/')) byModule.set(rel, key);
    }
  }
  return byModule;
}

/** Files a manifest chunk brings with it through static imports (itself included), plus their CSS. */
function staticClosure(manifest, key) {
  const files = new Set();
  const keys = new Set();
  const queue = [key];
  while (queue.length) {
    const k = queue.shift();
    if (keys.has(k) || !manifest[k]) continue;
    keys.add(k);
    const chunk = manifest[k];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    queue.push(...(chunk.imports ?? []));
  }
  return { files, keys };
}

/**
 * Worker entries (e.g. widgets/variation-form/variations.worker.ts): a widget starts them by URL, so the manifest
 * does not link them; a worker belongs to the chunks built from its widget's folder.
 */
function workersOf(manifest, keys) {
  const files = new Set();
  const folders = new Set([...keys].map((k) => /^(widgets\/[^/]+\/)/.exec(k)?.[1]).filter(Boolean));
  for (const [k, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry && k.endsWith('.worker.ts') && [...folders].some((f) => k.startsWith(f))) files.add(chunk.file);
  }
  return files;
}

/**
 * What a set of chunks may load later: `import()` (PhotoSwipe's core and the like), excluding widgets, and the
 * workers they start.
 */
function onDemandClosure(manifest, keys, widgetKeys) {
  const files = workersOf(manifest, keys);
  // Through every level: a small loader chunk that imports the real one (the sanitizer behind its consent-bound
  // wrapper, a view behind deferView) still brings the real one on demand.
  const seen = new Set(keys);
  const queue = [...keys];
  while (queue.length) {
    const k = queue.shift();
    for (const dyn of manifest[k]?.dynamicImports ?? []) {
      if (widgetKeys.has(dyn) || seen.has(dyn)) continue;
      seen.add(dyn);
      const closure = staticClosure(manifest, dyn);
      for (const f of closure.files) files.add(f);
      // The loaded chunk and what it imports statically may import() further chunks.
      queue.push(...closure.keys);
    }
  }
  return files;
}

function parsePages(registry) {
  if (!existsSync(PAGES)) return [];
  return import('happy-dom').then(({ Window }) => {
    const window = new Window({
      url: 'http://127.0.0.1/',
      settings: {
        disableJavaScriptEvaluation: true,
        disableJavaScriptFileLoading: true,
        disableCSSFileLoading: true,
        disableIframePageLoading: true,
        disableComputedStyleRendering: true,
      },
    });
    const parser = new window.DOMParser();
    const pages = [];
    // index.html is the demo's list of pages, not a page the CMS prints.
    for (const file of readdirSync(PAGES)
      .filter((f) => f.endsWith('.html') && f !== 'index.html')
      .toSorted()) {
      const doc = parser.parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');
      const matched = [];
      const inlineScripts = [...doc.querySelectorAll('script:not([src])')].map((s) => s.textContent).join('\n');
      for (const entry of registry) {
        // A widget keyed on a page global mounts only where the page's inline scripts define it.
        if (entry.global && !new RegExp(`\\b${entry.global}\\s*=`).test(inlineScripts)) continue;
        let count = 0;
        try {
          count = doc.querySelectorAll(entry.selector).length;
        } catch (error) {
          throw new Error(`registry entry "${entry.name}" has a selector the browser rejects: ${entry.selector} (${error.message})`, {
            cause: error,
          });
        }
        if (count) matched.push({ name: entry.name, count });
      }
      pages.push({ file, matched });
    }
    void window.happyDOM.close();
    return pages;
  });
}

const jsOnly = (files) => new Set([...files].filter((f) => /\.m?js$/.test(f)));
const cssOnly = (files) => new Set([...files].filter((f) => f.endsWith('.css')));

/** Everything size.mjs knows about one build, as data: the bench and the budget check use it. */
export async function analyse(dist = DIST) {
  const manifestPath = join(dist, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${relative(ROOT, manifestPath)} is missing: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

  const sizes = new Map();
  for (const full of walk(dist)) {
    const rel = relative(dist, full).split('\\').join('/');
    // The compact build's folder sits inside dist/: it is measured on its own.
    if (!/\.(m?js|css)$/.test(rel) || (dist === DIST && rel.startsWith('compact/'))) continue;
    sizes.set(rel, weigh(readFileSync(full)));
  }
  const total = (files, kind) => [...files].reduce((sum, f) => sum + (sizes.get(f)?.[kind] ?? 0), 0);
  const weights = (files) => ({ raw: total(files, 'raw'), gzip: total(files, 'gzip'), brotli: total(files, 'brotli') });

  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].file === ENTRY_FILE);
  if (!entryKey) throw new Error(`${relative(ROOT, manifestPath)} has no entry for ${ENTRY_FILE}.`);
  const entry = staticClosure(manifest, entryKey);
  // The framework chunk: React and react-dom, or preact/compat in the compact build.
  // Rolldown may also emit a tiny chunk named after the package (a CommonJS wrapper): the framework is the biggest.
  const reactKey = Object.keys(manifest)
    .filter((k) => ['react', 'preact'].includes(manifest[k].name) || /(^|\/)p?react-[\w-]+\.js$/.test(manifest[k].file))
    .toSorted((a, b) => (sizes.get(manifest[b].file)?.raw ?? 0) - (sizes.get(manifest[a].file)?.raw ?? 0))[0];
  const reactFile = reactKey ? manifest[reactKey].file : undefined;

  const registry = await loadRegistry();
  const grouped = groupedModules(manifest, dist);
  const widgetKeys = new Set();
  const widgets = registry.map((w) => {
    const key = manifestKey(manifest, w.source, grouped);
    if (key) widgetKeys.add(key);
    return { ...w, key };
  });
  for (const w of widgets) {
    // A registry entry that imports nothing (its module is bundled in the entry, as the viewport classes are):
    // it costs the page nothing beyond the entry.
    if (!w.source && !w.key) {
      w.inEntry = true;
      w.key = entryKey;
      w.file = ENTRY_FILE;
      w.files = new Set(entry.files);
      w.own = { raw: 0, gzip: 0, brotli: 0 };
      w.withImports = { raw: 0, gzip: 0, brotli: 0 };
      w.react = false;
      w.onDemand = { raw: 0, gzip: 0, brotli: 0 };
      continue;
    }
    if (!w.key) {
      w.problem = `no chunk in dist/manifest.json for ${w.source ?? 'its import'} (rebuild?)`;
      continue;
    }
    const closure = staticClosure(manifest, w.key);
    w.file = manifest[w.key].file;
    w.files = closure.files;
    w.own = sizes.get(w.file);
    // What the widget costs beyond the runtime and the shared React chunk: its chunk and what it imports.
    const extra = new Set([...closure.files].filter((f) => f !== reactFile && !entry.files.has(f)));
    w.withImports = weights(extra);
    w.react = reactFile ? closure.files.has(reactFile) : false;
    const later = onDemandClosure(manifest, closure.keys, widgetKeys);
    w.onDemand = weights(later);
    // Whether the chunk can import the framework later (a view behind an `import()`): on a page that must load
    // no framework at load, such a widget loaded at load has to say when its view comes (the registry's `view`).
    w.frameworkLater = !w.react && !!reactFile && later.has(reactFile);
  }

  const byName = new Map(widgets.map((w) => [w.name, w]));
  const pages = (await parsePages(registry)).map(({ file, matched }) => {
    const atLoad = new Set(entry.files);
    const deferredFiles = new Set();
    const chunkKeys = new Set(entry.keys);
    const atLoadWidgets = [];
    const deferredWidgets = [];
    for (const { name, count } of matched) {
      const w = byName.get(name);
      const label = `${name}${count > 1 ? `×${count}` : ''}${w.files ? '' : ' (not built)'}`;
      if (AT_LOAD.has(w.trigger)) atLoadWidgets.push(label);
      else deferredWidgets.push(`${label} (${w.trigger === 'media' ? `media ${w.media ?? ''}`.trim() : w.trigger})`);
      if (!w.files) continue;
      const closure = staticClosure(manifest, w.key);
      for (const k of closure.keys) chunkKeys.add(k);
      for (const f of w.files) (AT_LOAD.has(w.trigger) ? atLoad : deferredFiles).add(f);
    }
    for (const f of atLoad) deferredFiles.delete(f);
    const onDemand = onDemandClosure(manifest, chunkKeys, widgetKeys);
    for (const f of [...atLoad, ...deferredFiles]) onDemand.delete(f);
    return {
      file,
      total: weights(new Set([...jsOnly(atLoad), ...jsOnly(deferredFiles)])),
      atLoadWidgets,
      deferredWidgets,
      atLoad: weights(jsOnly(atLoad)),
      deferred: weights(jsOnly(deferredFiles)),
      onDemand: weights(jsOnly(onDemand)),
      css: weights(new Set([...cssOnly(atLoad), ...cssOnly(deferredFiles)])),
      reactAtLoad: reactFile ? atLoad.has(reactFile) : false,
      // Widgets loaded at load whose chunk imports the framework later, and when the registry says it comes.
      // A chunk several widgets share (the cart chunk holds the store notice and the mini-cart) is judged once,
      // by what its widgets declare.
      frameworkLater: matched
        .map(({ name }) => byName.get(name))
        .filter((w) => AT_LOAD.has(w.trigger) && w.frameworkLater)
        .map((w) => ({ name: w.name, view: w.view ?? widgets.find((o) => o.file === w.file && o.view)?.view })),
      reactDeferred: reactFile ? deferredFiles.has(reactFile) : false,
      atLoadFiles: [...atLoad],
    };
  });

  return { manifest, sizes, entryFiles: entry.files, reactFile, widgets, pages };
}

// ---------------------------------------------------------------------------------------------- printing

export function table(headers, rows, align = []) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const n = (x) => (x === undefined ? '' : x.toLocaleString('en-US'));
const kb = (x) => `${(x / 1024).toFixed(1)} KB`;

const rank = (f) => (f === ENTRY_FILE ? 0 : f === CLASSIC_FILE ? 1 : 2);

function fileOrder(a, b) {
  return rank(a) - rank(b) || a.localeCompare(b);
}

function print(result, build = BUILDS[0]) {
  const { sizes, widgets, pages, reactFile } = result;
  const files = [...sizes.keys()].toSorted(fileOrder);
  const sum = (k) => files.reduce((s, f) => s + sizes.get(f)[k], 0);
  const framework = build.id === 'compact' ? 'Preact' : 'React';
  console.log(`\n${'='.repeat(8)} ${build.label} ${'='.repeat(Math.max(0, 100 - build.label.length))}`);
  console.log(`\nFiles in ${relative(ROOT, build.dist)}/ (bytes; gzip -9, brotli q11)\n`);
  console.log(
    table(
      ['file', 'raw', 'gzip', 'brotli'],
      [
        ...files.map((f) => [
          f + (f === reactFile ? `  (${framework})` : ''),
          n(sizes.get(f).raw),
          n(sizes.get(f).gzip),
          n(sizes.get(f).brotli),
        ]),
        ['total', n(sum('raw')), n(sum('gzip')), n(sum('brotli'))],
      ],
      ['l', 'r', 'r', 'r'],
    ),
  );

  console.log('\nWidgets: the bytes each one adds and the trigger it mounts on (brotli)\n');
  console.log(
    table(
      ['widget', 'trigger', 'chunk', '+ imports', framework, 'on demand', 'selector'],
      widgets.map((w) => [
        w.name,
        w.trigger === 'media' ? `media ${w.media ?? ''}`.trim() : w.trigger,
        w.inEntry ? 'in entry' : w.own ? n(w.own.brotli) : 'missing',
        w.withImports ? n(w.withImports.brotli) : '',
        w.react ? 'yes' : 'no',
        w.onDemand?.brotli ? n(w.onDemand.brotli) : '',
        w.selector,
      ]),
      ['l', 'l', 'r', 'r', 'l', 'r', 'l'],
    ),
  );
  console.log("  chunk = the widget's own chunk; + imports = with the chunks it imports statically, without the runtime");
  console.log('  and React; on demand = code it may import() later (e.g. a lightbox core), not counted below.');

  console.log('\nFixture pages: JS each page loads with the module tag (brotli bytes; gzip in brackets)\n');
  if (!pages.length) console.log(`  (no ${relative(ROOT, PAGES) || PAGES}/*.html yet)`);
  else
    console.log(
      table(
        ['page', 'at load', 'deferred', 'both', 'on demand', framework, 'widgets at load', 'deferred widgets'],
        pages.map((p) => [
          p.file,
          `${n(p.atLoad.brotli)} (${n(p.atLoad.gzip)})`,
          p.deferred.brotli ? `${n(p.deferred.brotli)} (${n(p.deferred.gzip)})` : '0',
          `${n(p.total.brotli)} (${n(p.total.gzip)})`,
          p.onDemand.brotli ? n(p.onDemand.brotli) : '',
          p.reactAtLoad ? 'at load' : p.reactDeferred ? 'deferred' : 'no',
          p.atLoadWidgets.join(', ') || '-',
          p.deferredWidgets.join(', ') || '-',
        ]),
        ['l', 'r', 'r', 'r', 'r', 'l', 'l', 'l'],
      ),
    );
  for (const p of pages.filter((x) => x.css.brotli)) console.log(`  ${p.file} also loads ${n(p.css.brotli)} B brotli of widget CSS files.`);
  const classic = sizes.get(CLASSIC_FILE);
  if (!classic)
    console.log(`\n  Note: ${relative(ROOT, build.dist)}/${CLASSIC_FILE} is missing; it comes from \`vite build --mode classic\`.`);
  const stale = widgets.filter((w) => w.problem).map((w) => w.name);
  if (stale.length) console.log(`\n  Note: not in this build (run \`npm run build\` again): ${stale.join(', ')}.`);
  console.log(
    `  at load = ${ENTRY_FILE} + the chunks of widgets with the load trigger; deferred = widgets waiting for idle,` +
      `\n  visible, interaction or a media query; both = the two together (what a page may request without a click` +
      `\n  on a loop button, budgeted per page). The classic tag adds ${classic ? n(classic.brotli) : '?'} B for ${CLASSIC_FILE}.` +
      (reactFile ? ` ${framework} is ${kb(sizes.get(reactFile).brotli)} brotli.` : ''),
  );
}

// ---------------------------------------------------------------------------------------------- budgets

function readBudgets() {
  if (!existsSync(BUDGETS)) return { files: {}, react: undefined, widgets: {}, pages: {}, noReactAtLoad: [], compact: {} };
  return JSON.parse(readFileSync(BUDGETS, 'utf8'));
}

/**
 * The budgets of one build. The compact build has its own files, framework chunk and page budgets (`compact` in
 * budgets.json); widget budgets exclude the framework chunk, so both builds share them, as they share the rule
 * that a page of plain behaviours loads no framework at load.
 */
export function budgetsFor(all, buildId) {
  if (buildId !== 'compact') return all;
  const own = all.compact ?? {};
  return {
    files: own.files ?? all.files,
    react: own.framework,
    widgets: all.widgets,
    pages: own.pages ?? {},
    atLoad: own.atLoad ?? {},
    noReactAtLoad: all.noReactAtLoad,
    noFramework: all.noFramework,
  };
}

/** 1.25 × measured, rounded up to 50 bytes: room for honest growth, a regression still fails. */
export const suggestBudget = (brotli) => Math.ceil((brotli * 1.25) / 50) * 50;
/** Pages sum many files, so a looser factor would hide a whole widget's worth of growth: 1.15 ×, to 100 bytes. */
export const suggestPageBudget = (bytes) => Math.ceil((bytes * 1.15) / 100) * 100;

export function checkBudgets(result, budgets = readBudgets()) {
  const { sizes, widgets, pages, reactFile } = result;
  const breaches = [];
  const over = (what, actual, limit) => breaches.push(`${what}: ${n(actual)} B brotli, budget ${n(limit)} B (${n(actual - limit)} B over)`);

  for (const [file, limit] of Object.entries(budgets.files ?? {})) {
    const size = sizes.get(file);
    if (!size) breaches.push(`${file}: missing from dist/ (did \`npm run build\` build it?)`);
    else if (size.brotli > limit) over(file, size.brotli, limit);
  }
  if (budgets.react !== undefined && reactFile && sizes.get(reactFile).brotli > budgets.react)
    over(`framework chunk ${reactFile}`, sizes.get(reactFile).brotli, budgets.react);
  // Per page: everything it loads at load and later (brotli and gzip, both budgeted).
  for (const p of pages) {
    const limit = budgets.pages?.[p.file];
    if (!limit) {
      breaches.push(
        `page ${p.file}: no budget (measured ${n(p.total.brotli)} B brotli, ${n(p.total.gzip)} B gzip; \`node test/bench/size.mjs --write-budgets\` adds one)`,
      );
      continue;
    }
    if (p.total.brotli > limit.brotli) over(`page ${p.file}`, p.total.brotli, limit.brotli);
    if (p.total.gzip > limit.gzip)
      breaches.push(`page ${p.file}: ${n(p.total.gzip)} B gzip, budget ${n(limit.gzip)} B (${n(p.total.gzip - limit.gzip)} B over)`);
  }
  // At load only (the issue's measure against WooCommerce's own scripts: gzip, what a page loads before any idle,
  // visible or interaction trigger).
  for (const [file, limit] of Object.entries(budgets.atLoad ?? {})) {
    const p = pages.find((x) => x.file === file);
    if (!p) breaches.push(`${file}: fixture page missing (fixtures/pages/${file}), cannot check its bytes at load`);
    else if (p.atLoad.gzip > limit.gzip)
      breaches.push(
        `page ${file} at load: ${n(p.atLoad.gzip)} B gzip, budget ${n(limit.gzip)} B (${n(p.atLoad.gzip - limit.gzip)} B over)`,
      );
  }
  for (const w of widgets) {
    if (w.problem) {
      breaches.push(`widget ${w.name}: ${w.problem}`);
      continue;
    }
    const limit = budgets.widgets?.[w.name];
    if (limit === undefined)
      breaches.push(
        `widget ${w.name}: no budget in test/bench/budgets.json (measured ${n(w.withImports.brotli)} B; ` +
          `\`node test/bench/size.mjs --write-budgets\` adds ${n(suggestBudget(w.withImports.brotli))})`,
      );
    else if (w.withImports.brotli > limit) over(`widget ${w.name} (chunk + imports)`, w.withImports.brotli, limit);
  }
  for (const name of Object.keys(budgets.widgets ?? {}))
    if (!widgets.some((w) => w.name === name)) breaches.push(`budgets.json names widget ${name}, which the registry no longer has`);
  for (const page of budgets.noFramework ?? []) {
    const p = pages.find((x) => x.file === page);
    if (!p) breaches.push(`${page}: fixture page missing (fixtures/pages/${page}), cannot check that it loads no framework`);
    else if (p.reactAtLoad || p.reactDeferred)
      breaches.push(`${page}: would load ${reactFile}; a page holding only plain behaviours must load no React or Preact code`);
  }
  for (const page of budgets.noReactAtLoad ?? []) {
    const p = pages.find((x) => x.file === page);
    if (!p) breaches.push(`${page}: fixture page missing (fixtures/pages/${page}), cannot check that it loads no React`);
    else if (p.reactAtLoad)
      breaches.push(`${page}: loads React at load time; a page of plain behaviours must not (at-load files: ${p.atLoadFiles.join(', ')})`);
    // The framework behind an at-load widget's `import()`: allowed only where the registry says when the view
    // comes (on intent, src/react/intent.ts, or when the widget opens by its owner's rule), the rules the browser
    // tests check; an undeclared one would load it unasked, which no static closure shows.
    else
      for (const w of p.frameworkLater ?? []) {
        if (!w.view)
          breaches.push(
            `${page}: widget ${w.name} (load) can import ${reactFile} later and its registry entry does not say when (\`view: 'intent'\` or \`'opened'\`)`,
          );
      }
  }
  return breaches;
}

function writeBudgets(result, buildId) {
  const budgets = readBudgets();
  budgets.widgets ??= {};
  const added = [];
  for (const w of result.widgets) {
    if (w.withImports && budgets.widgets[w.name] === undefined) {
      budgets.widgets[w.name] = suggestBudget(w.withImports.brotli);
      added.push(`${w.name}: ${budgets.widgets[w.name]}`);
    }
  }
  budgets.widgets = Object.fromEntries(Object.entries(budgets.widgets).toSorted(([a], [b]) => a.localeCompare(b)));
  const owner = buildId === 'compact' ? (budgets.compact ??= {}) : budgets;
  owner.pages ??= {};
  for (const p of result.pages) {
    if (owner.pages[p.file]) continue;
    owner.pages[p.file] = { brotli: suggestPageBudget(p.total.brotli), gzip: suggestPageBudget(p.total.gzip) };
    added.push(`${buildId} ${p.file}: ${owner.pages[p.file].brotli} / ${owner.pages[p.file].gzip}`);
  }
  owner.pages = Object.fromEntries(Object.entries(owner.pages).toSorted(([a], [b]) => a.localeCompare(b)));
  writeFileSync(BUDGETS, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(added.length ? `\nAdded budgets: ${added.join(', ')}` : '\nEvery widget already has a budget.');
}

// ---------------------------------------------------------------------------------------------- main

async function main(argv) {
  const pagesAt = argv.indexOf('--pages');
  if (pagesAt >= 0) {
    if (!argv[pagesAt + 1]) throw new Error('--pages needs a folder');
    PAGES = resolve(argv[pagesAt + 1]);
  }
  const buildAt = argv.indexOf('--build');
  const builds = buildAt >= 0 ? BUILDS.filter((b) => b.id === argv[buildAt + 1]) : BUILDS;
  if (!builds.length) throw new Error(`--build takes ${BUILDS.map((b) => b.id).join(' or ')}`);
  const results = [];
  for (const build of builds) results.push({ build, result: await analyse(build.dist) });
  if (argv.includes('--json')) {
    const plain = Object.fromEntries(
      results.map(({ build, result }) => [
        build.id,
        {
          files: Object.fromEntries(result.sizes),
          reactFile: result.reactFile,
          widgets: result.widgets.map(({ files, ...w }) => ({ ...w, files: files ? [...files] : [] })),
          pages: result.pages,
        },
      ]),
    );
    console.log(JSON.stringify(plain, null, 2));
    return 0;
  }
  for (const { build, result } of results) print(result, build);
  if (argv.includes('--write-budgets')) for (const { build, result } of results) writeBudgets(result, build.id);
  if (!argv.includes('--check')) return 0;
  const all = readBudgets();
  const breaches = results.flatMap(({ build, result }) => checkBudgets(result, budgetsFor(all, build.id)).map((b) => `${build.id}: ${b}`));
  if (breaches.length) {
    console.error(`\nSize budget check FAILED (${breaches.length}):`);
    for (const b of breaches) console.error(`  ✗ ${b}`);
    console.error('Budgets live in test/bench/budgets.json (brotli bytes; page budgets also gzip).');
    return 1;
  }
  console.log('\nSize budget check passed (test/bench/budgets.json).');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`size: ${error.message}`);
      process.exit(1);
    },
  );
}

/**
 * The demo and browser-test server: fixture pages as the CMS prints them, the built bundle under a WordPress
 * plugin path, the browser side of the mock, and placeholder images. Node's http only, no framework.
 *
 * Where the bundle tag goes: before `</body>`. WordPress prints script modules enqueued with
 * `wp_enqueue_script_module()` in `wp_footer` on classic themes such as Avada (block themes print them in the
 * head), and a classic `<script defer>` enqueued with `in_footer` lands there too. Both tags are deferred anyway,
 * so the footer changes nothing for the widgets; it is simply where a real shop has it.
 *
 * Query switches on every page:
 * - `?tag=module` (default): `<script type="module" src=".../dist/storefront.js?ver=…" id="storefront-islands-js-module">`
 *   (WordPress's `?ver=` on both: a chunk importing from the entry would load it a second time under another URL)
 * - `?tag=classic`: `<script defer src=".../dist/storefront.classic.js?ver=…" id="storefront-islands-js">`
 * - `?tag=compact`, `?tag=compact-classic`: the same two tags for the compact build (dist/compact/, preact/compat);
 * - `?tag=none`: no bundle (benchmarks compare against this);
 * - `?mock=off`: no mock service worker; the bundle tag is printed directly.
 *
 * With the mock on (the default), the page gets `<script src="/demo/boot.js" data-tag=… data-src=…>` instead
 * of the bundle tag: boot.js imports the mock, waits for `window.__mockReady` (the MSW service worker is active
 * and controls the page) and only then inserts the bundle tag. Otherwise the bundle's first requests (cart
 * fragments on load) could reach this server before the worker intercepts them. boot.js is an external file,
 * not an inline script: the page runs under a strict CSP where inline code needs the response's nonce, and the
 * loader should be as CSP-honest as the bundle it loads.
 *
 * Every HTML response carries `Content-Security-Policy: script-src 'self' 'nonce-…'; object-src 'none';
 * base-uri 'self'` with a fresh nonce, added to each `<script>` of the page (WordPress prints its inline
 * globals; strict-CSP sites nonce them, e.g. through `wp_inline_script_attributes`).
 */
import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = join(ROOT, 'fixtures', 'pages');
const DIST = join(ROOT, 'dist');
const DEMO = join(ROOT, 'dist-demo');
const BOOT = fileURLToPath(new URL('./boot.js', import.meta.url));
const MOCK_WORKER = fileURLToPath(new URL('./mock-worker.js', import.meta.url));
const MSW_WORKER = join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js');
/** WordPress's jQuery, where WordPress serves it: the pages recorded from a real shop keep its script tag. */
const JQUERY = join(ROOT, 'node_modules', 'jquery', 'dist', 'jquery.min.js');
/** axe-core for the browser tests' accessibility checks, loaded by the harness as a same-origin script. */
const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
/**
 * The harness's own scripts (the mock, its loader, axe-core) may be kept by the browser for the test run: they
 * do not change while the server runs (it serves a snapshot), and a page that compiles 600 kB of mock and 500 kB
 * of axe from scratch on every load spent seconds of each browser test doing it. Kept in the HTTP cache (one per
 * browser context, so a context compiles them once, not every page). The bundle's files too, in the browser tests:
 * the snapshot's chunks are named by their content and the entry carries `?ver=`, as a shop serves them to a
 * returning visitor; measured with every process counted, 2-6 % of a browser-test file's CPU. A test that delays or
 * fails a chunk routes it, and a routed page does not use the HTTP cache. The pages and the images stay `no-store`.
 */
const HARNESS_CACHE = { 'Cache-Control': 'max-age=86400, immutable' };

/** The plugin folder the bundle is served from: the chunks must load relative to the entry from any path. */
export const PLUGIN_PATH = '/wp-content/plugins/storefront-islands/dist/';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif|svg)$/i;

async function version() {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  return String(pkg.version ?? '0');
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** A file inside `base`, or null when the path tries to leave it. */
function inside(base, relative) {
  const full = normalize(join(base, relative));
  return full === base || full.startsWith(base + sep) ? full : null;
}

async function readIfFile(path) {
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

/** The fixture page names, read from disk on each request so new pages show up without a restart. */
async function pageNames() {
  try {
    return (await readdir(PAGES)).filter((f) => /^[a-z0-9-]+\.html$/.test(f)).toSorted();
  } catch {
    return [];
  }
}

function titleOf(html, fallback) {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return m ? m[1].trim() : fallback;
}

/** Every `?tag=` the server prints a bundle for: the module and classic tags of each build. */
export const BUNDLE_TAGS = ['module', 'classic', 'compact', 'compact-classic'];

const isClassic = (tag) => tag === 'classic' || tag === 'compact-classic';

/** The bundle's URL for a tag: the compact build is the same layout in dist/compact/. */
function bundleSrc(tag, ver) {
  const dir = tag.startsWith('compact') ? `${PLUGIN_PATH}compact/` : PLUGIN_PATH;
  return `${dir}${isClassic(tag) ? 'storefront.classic.js' : 'storefront.js'}?ver=${ver}`;
}

/** The bundle tag exactly as WordPress would print it for each enqueue style. */
function bundleTag(tag, ver) {
  const src = escapeHtml(bundleSrc(tag, ver));
  if (isClassic(tag)) return `<script defer src="${src}" id="storefront-islands-js"></script>`;
  return `<script type="module" src="${src}" id="storefront-islands-js-module"></script>`;
}

function bootTag(tag, ver) {
  return `<script src="/demo/boot.js" data-tag="${isClassic(tag) ? 'classic' : 'module'}" data-src="${escapeHtml(bundleSrc(tag, ver))}" id="storefront-islands-demo-boot"></script>`;
}

/** Give every `<script>` the response's nonce (inline globals, templates, our tags). */
function addNonces(html, nonce) {
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

function injectBeforeBodyEnd(html, snippet) {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at < 0 ? html + snippet : `${html.slice(0, at)}${snippet}\n${html.slice(at)}`;
}

/** The index: fixtures/pages/index.html with its `<!-- pages -->` slot filled from the directory listing. */
async function indexList() {
  const rows = [];
  for (const name of await pageNames()) {
    if (name === 'index.html') continue;
    const html = (await readIfFile(join(PAGES, name)))?.toString('utf8') ?? '';
    // The title is HTML already (entities included): keep its entities, escape anything else.
    const title = escapeHtml(titleOf(html, name)).replace(/&amp;(#?\w+;)/g, '&$1');
    rows.push(
      `<li class="demo-page"><a class="demo-page__link" href="/${name}">${title}</a> <span class="demo-page__file">${name}</span>` +
        ` <a class="demo-page__variant" href="/${name}?tag=classic" aria-label="classic tag: ${title}">classic tag</a>` +
        ` <a class="demo-page__variant" href="/${name}?tag=compact" aria-label="compact build: ${title}">compact build</a>` +
        ` <a class="demo-page__variant" href="/${name}?tag=none" aria-label="without the bundle: ${title}">without the bundle</a>` +
        ` <a class="demo-page__variant" href="/${name}?mock=off" aria-label="without the mock: ${title}">without the mock</a></li>`,
    );
  }
  return `<ul class="demo-pages">\n${rows.join('\n')}\n</ul>`;
}

function svgPlaceholder(name, width, height) {
  const label = escapeHtml(`${name} ${width}×${height}`);
  const size = Math.max(10, Math.min(48, Math.round(Math.min(width, height) / 10)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#e8e2d9"/>` +
    `<path d="M0 ${height} L${width * 0.35} ${height * 0.55} L${width * 0.55} ${height * 0.75} L${width * 0.75} ${height * 0.45} L${width} ${height} Z" fill="#d3c8b8"/>` +
    // Small images (logos, icons) get no label: it would not fit.
    (Math.min(width, height) >= 120
      ? `<text x="50%" y="50%" font-family="sans-serif" font-size="${size}" fill="#5b4f3f" text-anchor="middle" dominant-baseline="middle">${label}</text>`
      : '') +
    '</svg>'
  );
}

/**
 * A flat raster placeholder (a two-colour PNG, one bit a pixel) of the size the file name asks for: what the browser
 * tests get. An SVG image is a document of its own to the browser (its own parse, style, layout and text shaping
 * for each image, on every page load): tens of them cost the tests more than the page under test did.
 */
const rasters = new Map();
function rasterPlaceholder(width, height) {
  const key = `${width}x${height}`;
  const cached = rasters.get(key);
  if (cached) return cached;
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 3, 0, 0, 0], 8); // 1 bit, palette, deflate, no filter method, not interlaced
  const palette = Buffer.from([0xe8, 0xe2, 0xd9, 0xd3, 0xc8, 0xb8]);
  const rowBytes = Math.ceil(width / 8);
  const rows = Buffer.alloc((rowBytes + 1) * height);
  // The lower third in the second colour: a horizon, so an image is not one flat colour.
  for (let y = Math.floor((height * 2) / 3); y < height; y++) rows.fill(0xff, y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  rasters.set(key, png);
  return png;
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(body);
}

function notFound(res) {
  return send(res, 404, 'text/plain; charset=utf-8', 'Not found\n');
}

async function serveFile(res, path, method, extra = {}) {
  const body = path && (await readIfFile(path));
  if (!body) return notFound(res);
  return send(res, 200, TYPES[extname(path)] ?? 'application/octet-stream', method === 'HEAD' ? '' : body, extra);
}

/**
 * Pretty permalinks the fixture pages link to (`/shop/`, `/product/canvas-tote/`): the page whose
 * `<link rel="canonical">` names that path, else `<slug>.html` or `product-<slug>.html`.
 */
async function permalink(pathname) {
  const wanted = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const names = await pageNames();
  for (const name of names) {
    const html = (await readIfFile(join(PAGES, name)))?.toString('utf8') ?? '';
    const canonical = /<link\b[^>]*rel=["']canonical["'][^>]*>/i.exec(html)?.[0];
    const href = canonical && /href=["']([^"']+)["']/i.exec(canonical)?.[1];
    if (href && href !== '/' && new URL(href, 'http://localhost').pathname === wanted) return join(PAGES, name);
  }
  const product = /^\/product\/([a-z0-9-]+)\/?$/.exec(pathname);
  if (product && names.includes(`product-${product[1]}.html`)) return join(PAGES, `product-${product[1]}.html`);
  const top = /^\/([a-z0-9-]+)\/?$/.exec(pathname);
  if (top && names.includes(`${top[1]}.html`)) return join(PAGES, `${top[1]}.html`);
  return null;
}

/**
 * Plain permalinks (`/?page_id=6`, `/?product=variable-t-shirt`, `/?page_id=7&order-received=…`), as the shop the
 * storefront-*.html pages were recorded from prints them: the page whose `<meta name="fixture-route">` lists
 * parameters all present in the query (`name=value` must match, a bare `name` only be present), the most specific
 * first. Other parameters (`tag`, `mock`, a nonce) do not matter.
 */
async function plainPermalink(searchParams) {
  let best = null;
  let bestCount = 0;
  for (const name of await pageNames()) {
    const html = (await readIfFile(join(PAGES, name)))?.toString('utf8') ?? '';
    const route = /<meta name="fixture-route" content="([^"]*)">/.exec(html)?.[1];
    if (!route) continue;
    const wanted = route.split(/\s+/).filter(Boolean);
    const matches = wanted.every((part) => {
      const [key, value] = part.split('=');
      return value === undefined ? searchParams.has(key) : searchParams.get(key) === value;
    });
    if (matches && wanted.length > bestCount) {
      best = join(PAGES, name);
      bestCount = wanted.length;
    }
  }
  return best;
}

/**
 * Start the server. `port = 0` picks a free port (tests); the demo uses 5173. `dist` and `demo` override the
 * folders served as the plugin's dist/ and as /demo/ (the browser tests serve a snapshot taken at start, so a
 * rebuild during the run cannot pull chunks away from under a page).
 * `cacheHarness` lets the browser keep the mock, its loader and the bundle for the run (the browser tests, which serve a
 * snapshot); the demo leaves it off, so a rebuilt mock is picked up on the next reload.
 * `rasterImages` serves the placeholder images as flat PNGs instead of labelled SVGs (the browser tests).
 * @param {{ port?: number, host?: string, dist?: string, demo?: string, cacheHarness?: boolean, rasterImages?: boolean }} [options]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startServer({
  port = 0,
  host = '127.0.0.1',
  dist = DIST,
  demo = DEMO,
  cacheHarness = false,
  rasterImages = false,
} = {}) {
  const ver = await version();

  async function page(res, url, method, file) {
    const raw = await readIfFile(file);
    if (!raw) return notFound(res);
    let html = raw.toString('utf8');
    if (file === join(PAGES, 'index.html')) html = html.replace('<!-- pages -->', await indexList());
    const tag = url.searchParams.get('tag') ?? 'module';
    const mock = url.searchParams.get('mock') !== 'off';
    if (BUNDLE_TAGS.includes(tag)) html = injectBeforeBodyEnd(html, mock ? bootTag(tag, ver) : bundleTag(tag, ver));
    else if (tag !== 'none')
      return send(res, 400, 'text/plain; charset=utf-8', `Unknown tag "${tag}": use ${BUNDLE_TAGS.join(', ')} or none.\n`);
    const nonce = randomBytes(16).toString('base64');
    html = addNonces(html, nonce);
    return send(res, 200, TYPES['.html'], method === 'HEAD' ? '' : html, {
      'Content-Security-Policy': `script-src 'self' 'nonce-${nonce}'; object-src 'none'; base-uri 'self'`,
    });
  }

  async function handle(req, res) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { pathname } = url;
    // Forms post to pages without JS (WordPress re-renders the page); drain the body and answer like a GET.
    if (!['GET', 'HEAD', 'POST'].includes(method))
      return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n', { Allow: 'GET, HEAD, POST' });
    req.resume();
    // wc-ajax and REST calls belong to the mock (the service worker answers them); reaching us means no mock.
    // (Plain permalinks put the REST API at /index.php?rest_route=…, as on the recorded shop.)
    if (
      url.searchParams.has('wc-ajax') ||
      url.searchParams.has('rest_route') ||
      pathname.startsWith('/wp-json/') ||
      pathname.startsWith('/wp-admin/')
    )
      return notFound(res);

    if (pathname === '/' && ['page_id', 'product', 'post_type', 'p'].some((key) => url.searchParams.has(key))) {
      const target = await plainPermalink(url.searchParams);
      return target ? page(res, url, method, target) : notFound(res);
    }
    if (pathname === '/' || pathname === '/index.html') return page(res, url, method, join(PAGES, 'index.html'));
    if (pathname === '/wp-includes/js/jquery/jquery.min.js') return serveFile(res, JQUERY, method);
    if (/^\/[a-z0-9-]+\.html$/.test(pathname)) return page(res, url, method, join(PAGES, pathname.slice(1)));
    if (method === 'POST') {
      const target = await permalink(pathname);
      return target ? page(res, url, method, target) : notFound(res);
    }
    if (pathname.startsWith(PLUGIN_PATH))
      return serveFile(
        res,
        inside(dist, decodeURIComponent(pathname.slice(PLUGIN_PATH.length))),
        method,
        cacheHarness ? HARNESS_CACHE : {},
      );
    if (pathname === '/demo/boot.js') return serveFile(res, BOOT, method, cacheHarness ? HARNESS_CACHE : {});
    if (pathname === '/__harness/axe.min.js') return serveFile(res, AXE, method, HARNESS_CACHE);
    if (pathname === '/demo/msw-worker.js') return serveFile(res, MSW_WORKER, method);
    // An empty same-origin page: the harness seeds storage here before opening a fixture page in the same tab.
    if (pathname === '/demo/blank.html') {
      return send(
        res,
        200,
        TYPES['.html'],
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body></body></html>',
        {
          'Content-Security-Policy': "script-src 'self'; object-src 'none'; base-uri 'self'",
        },
      );
    }
    if (pathname.startsWith('/demo/'))
      return serveFile(
        res,
        inside(demo, decodeURIComponent(pathname.slice('/demo/'.length))),
        method,
        cacheHarness && pathname === '/demo/mock.js' ? HARNESS_CACHE : {},
      );
    // The mock's hosted card gateway (fixtures/mock/checkout.ts), reached as another origin (localhost ↔ 127.0.0.1):
    // the page a shop's payment provider would show after a successful checkout answer sent the shopper there.
    if (pathname === '/gateway/hosted-card/') {
      const order = escapeHtml(url.searchParams.get('order') ?? '');
      return send(
        res,
        200,
        TYPES['.html'],
        method === 'HEAD'
          ? ''
          : `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Hosted card payment</title></head><body><main><h1>Hosted card payment</h1><p>Order <span id="gateway-order">${order}</span>: enter your card details on the payment provider's page.</p></main></body></html>`,
        {
          'Content-Security-Policy': "script-src 'none'; object-src 'none'; base-uri 'none'",
        },
      );
    }
    // MSW's worker behind our static-file bypass (mock-worker.js); MSW's own file is read from the installed msw at
    // serve time, so it always matches the library version.
    if (pathname === '/mockServiceWorker.js') return serveFile(res, MOCK_WORKER, method);
    // Browsers ask for it on pages that declare no icon; a 404 would be a console error in every test.
    if (pathname === '/favicon.ico')
      return send(res, 200, 'image/svg+xml; charset=utf-8', method === 'HEAD' ? '' : svgPlaceholder('icon', 32, 32));
    if (pathname.startsWith('/wp-content/uploads/') && IMAGE_EXT.test(pathname)) {
      const base = pathname.slice(pathname.lastIndexOf('/') + 1).replace(IMAGE_EXT, '');
      const size = /-(\d{1,4})x(\d{1,4})$/.exec(base);
      const width = Math.max(1, Math.min(4000, Number(size?.[1] ?? 800)));
      const height = Math.max(1, Math.min(4000, Number(size?.[2] ?? 600)));
      const name = size ? base.slice(0, -size[0].length) : base;
      if (rasterImages) return send(res, 200, 'image/png', method === 'HEAD' ? '' : rasterPlaceholder(width, height));
      return send(res, 200, 'image/svg+xml; charset=utf-8', method === 'HEAD' ? '' : svgPlaceholder(name, width, height));
    }
    const target = await permalink(pathname);
    if (target) return page(res, url, method, target);
    return notFound(res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('[server]', error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error\n');
      else res.end();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

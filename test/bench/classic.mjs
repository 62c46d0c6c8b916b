/**
 * `npm run bench -- --classic DIR`: the same pages with WordPress's and WooCommerce's own classic scripts instead
 * of the bundle, so the bench can put our figures beside theirs. Their code is not in this repository (and must not
 * be): DIR is a copy of a shop's scripts laid out as the shop serves them (`wp-includes/js/…`,
 * `wp-content/plugins/woocommerce/assets/js/…`), with a `manifest.json` beside them:
 *
 *   { "source": "WooCommerce x.y (commit …), WordPress x.y",
 *     "scripts": [ { "handle": "wc-add-to-cart-variation", "src": "wp-content/plugins/…/add-to-cart-variation.min.js",
 *                    "group": "jquery" | "wordpress" | "woocommerce", "inFooter": true, "strategy": "defer" | null,
 *                    "inline": "var _wpUtilSettings = {…};" | null }, … ],
 *   "pages": ["product-variable.html", "product-1000.html"] }
 *
 * in the order WordPress prints them (dependencies first). `pages` names the fixture pages whose classic scripts
 * these are (the default: the variable product pages, the one with the sidebar cart included); other pages print other scripts (the cart, the
 * checkout, Contact Form 7), so the configuration is measured only on these. The page is the fixture page without the bundle
 * (`?tag=none`); the scripts are printed where WordPress prints them (head or before `</body>`, each after its
 * inline data, `defer` where the script's strategy says so) and served from DIR. Bytes count every listed file the
 * page requested except the `jquery` group (the measure is "without jQuery"), weighed as our files are.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { weigh } from './size.mjs';

export const CLASSIC_PARAM = 'wp-classic';

/** Reads DIR/manifest.json; a clear error when it is missing or a listed file is not there. */
export function loadClassic(dir) {
  const root = resolve(dir);
  const manifestPath = join(root, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`--classic ${dir}: no manifest.json there (see test/bench/classic.mjs)`);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new Error(`--classic ${dir}: manifest.json is not JSON (${error.message})`, { cause: error });
  }
  const scripts = Array.isArray(manifest?.scripts) ? manifest.scripts : [];
  if (!scripts.length) throw new Error(`--classic ${dir}: manifest.json lists no scripts`);
  const byPath = new Map();
  for (const s of scripts) {
    if (typeof s?.src !== 'string' || !s.src || s.src.includes('..'))
      throw new Error(`--classic ${dir}: a script without a usable src (${JSON.stringify(s)})`);
    const file = join(root, s.src);
    if (!existsSync(file)) throw new Error(`--classic ${dir}: ${s.src} is listed but missing`);
    const body = readFileSync(file);
    byPath.set(`/${s.src.replace(/^\/+/, '')}`, { ...s, body, ...weigh(body), counted: s.group !== 'jquery' });
  }
  const pages = Array.isArray(manifest.pages)
    ? manifest.pages.map(String)
    : ['product-variable.html', 'product-sidebar-cart.html', 'product-1000.html'];
  return { source: String(manifest.source ?? dir), scripts: [...byPath.values()], byPath, pages };
}

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The tags WordPress prints for the scripts in one place (head or footer). */
function tags(scripts) {
  return scripts
    .map((s) => {
      const id = escapeAttr(s.handle ?? s.src);
      const extra = s.inline ? `<script type="text/javascript" id="${id}-js-extra">\n${s.inline}\n</script>\n` : '';
      const strategy = s.strategy === 'defer' || s.strategy === 'async' ? ` ${s.strategy} data-wp-strategy="${s.strategy}"` : '';
      return `${extra}<script type="text/javascript" src="/${escapeAttr(s.src.replace(/^\/+/, ''))}?ver=bench" id="${id}-js"${strategy}></script>\n`;
    })
    .join('');
}

/** The page's HTML with the classic scripts printed where WordPress prints them. */
export function withClassicScripts(html, classic) {
  const head = tags(classic.scripts.filter((s) => !s.inFooter));
  const footer = tags(classic.scripts.filter((s) => s.inFooter));
  const at = (text, marker, insert) => {
    const i = text.lastIndexOf(marker);
    return i < 0 ? text + insert : text.slice(0, i) + insert + text.slice(i);
  };
  return at(at(html, '</head>', head), '</body>', footer);
}

/** Routes a context so `?wp-classic` pages get the classic scripts and their files are served from DIR. */
export async function routeClassic(context, classic) {
  await context.route(
    (url) => url.searchParams.has(CLASSIC_PARAM),
    async (route) => {
      const response = await route.fetch();
      const html = withClassicScripts(await response.text(), classic);
      const headers = { ...response.headers(), 'content-type': 'text/html; charset=utf-8' };
      delete headers['content-length'];
      delete headers['content-encoding'];
      // wp.template (underscore's _.template) compiles with `new Function`: the classic scripts cannot run under
      // the fixture server's strict CSP, and the shops that run them do not send one.
      delete headers['content-security-policy'];
      await route.fulfill({ response, body: html, headers });
    },
  );
  await context.route(
    (url) => classic.byPath.has(url.pathname),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript; charset=utf-8',
        body: classic.byPath.get(new URL(route.request().url()).pathname).body,
      }),
  );
}

/** The classic files a page requested (Resource Timing), weighed; the jQuery group is left out of the count. */
export async function classicFiles(page, classic) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
  );
  const unique = [...new Map(entries.filter((e) => classic.byPath.has(e.path)).map((e) => [e.path, e])).values()];
  return unique
    .map((e) => ({ ...e, ...classic.byPath.get(e.path) }))
    .filter((f) => f.counted)
    .map((f) => ({ path: f.path, start: f.start, end: f.end, raw: f.raw, gzip: f.gzip, brotli: f.brotli }));
}

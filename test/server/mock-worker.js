/*
 * The mock's service worker as the browser tests register it (served as /mockServiceWorker.js): MSW's own worker
 * (imported below, unchanged) behind one fetch listener that sends two kinds of request straight to the network.
 * MSW's worker answers every request of a page it controls by asking the page (a message round trip through the
 * page's main thread, then a fetch from the worker when no handler matched); the bundle's chunks, styles and
 * images never have a handler, so that trip cost each page dozens of waits on a loaded machine, and held the
 * bundle's chunks out of the HTTP cache.
 * - Same-origin GETs of a file with a static extension and no query but WordPress's `?ver=`: every mocked
 *   endpoint is a path without such an extension (REST, admin-ajax.php, /cart/) or carries its own query
 *   (wc-ajax, rest_route, page_id).
 * - Other origins' images, scripts, styles and frames (not fetches: Vimeo's oEmbed still reaches MSW).
 */
const STATIC_FILE = /\.(?:m?js|css|png|jpe?g|gif|webp|avif|svg|ico|woff2?|mp4|webm)$/i;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Listeners run in the order they were added: MSW's, added by the import below, never sees these requests.
  if (url.origin !== self.location.origin) {
    // Another origin's image, script, style or frame (an embed host's thumbnail, a map's script): the mock answers
    // only fetches there (Vimeo's oEmbed), and a test stands in for such hosts at the network (Playwright's
    // routing). Without this, MSW, which matches no handler, refuses them (onUnhandledRequest: 'error').
    if (request.destination !== '') event.stopImmediatePropagation();
    return;
  }
  if (!STATIC_FILE.test(url.pathname)) return;
  if ([...url.searchParams.keys()].some((key) => key !== 'ver')) return;
  event.stopImmediatePropagation();
});

// MSW's worker as the installed package ships it (the fixture server serves node_modules/msw's file here).
importScripts('/demo/msw-worker.js');

/*
 * Demo and browser-test loader (served as /demo/boot.js, never inlined: the pages run under a strict CSP).
 * It starts the mock shop (MSW's service worker) and only once the worker controls the page inserts the bundle
 * tag the page asked for, so not one request of the bundle can slip past the mock.
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var tag = me.getAttribute('data-tag') === 'classic' ? 'classic' : 'module';
  var src = me.getAttribute('data-src');
  var nonce = me.nonce;

  function insertBundle() {
    var script = document.createElement('script');
    if (tag === 'module') {
      script.type = 'module';
      script.id = 'storefront-islands-js-module';
    } else {
      script.defer = true;
      script.id = 'storefront-islands-js';
    }
    if (nonce) script.nonce = nonce;
    script.src = src;
    document.body.appendChild(script);
  }

  import('/demo/mock.js')
    .then(function () {
      return window['__mockReady'];
    })
    .then(insertBundle, function (error) {
      console.error('[demo] the mock did not start; the bundle runs against the bare server.', error);
      insertBundle();
    });
})();

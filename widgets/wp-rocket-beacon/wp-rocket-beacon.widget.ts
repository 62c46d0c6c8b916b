import { defineWidget } from '../../src/widget';
import { env } from '../../src/env';
import { debugLog } from '../../src/log';
import { requestJson, requestText } from '../../src/net/request';
import { readConfig, type BeaconConfig } from './config';
import { detectLazyRender, detectLcp, screenSize } from './detect';
import {
  checkFields,
  finalStatus,
  GUARD_MS,
  isCachedMarker,
  reportFields,
  screenMatches,
  storedFromCheck,
  type BeaconIdentity,
  type Results,
} from './logic';

const SCRIPT = '[data-name="wpr-wpr-beacon"]';

const formData = (fields: readonly [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

/** Served from WP Rocket's cache: its comment after `</html>` says so. */
function isCachedPage(): boolean {
  const next = document.documentElement.nextSibling;
  return next?.nodeType === Node.COMMENT_NODE && isCachedMarker(next.textContent);
}

/** What is already stored for this URL and device; a failed or odd answer counts as nothing stored. */
async function alreadyStored(
  config: BeaconConfig,
  id: BeaconIdentity,
  log: (...args: unknown[]) => void,
): Promise<{ lcp: boolean; lrc: boolean }> {
  if (!isCachedPage()) return { lcp: false, lrc: false };
  try {
    return storedFromCheck(await requestJson(config.ajaxUrl, { method: 'POST', body: formData(checkFields(id)) }));
  } catch (error) {
    log('rocket_check_beacon failed; measuring anyway', error);
    return { lcp: false, lrc: false };
  }
}

/**
 * WP Rocket's beacon without its script: on an uncached view (or a cached one whose data is missing) finds the
 * LCP and above-the-fold images and the blocks that can be lazily rendered, and posts them once. All of it at
 * idle after load, the DOM walks sliced so no task is long; `beacon-completed="true"` on WP Rocket's script
 * element on every path.
 */
export default defineWidget({
  mount(_body, { warn, timeout, onCleanup }) {
    const raw = (window as { rocket_beacon_data?: unknown }).rocket_beacon_data;
    if (raw === undefined) return;
    const script = document.querySelector(SCRIPT);
    // WP Rocket's own script is loaded: it measures, we must not send a second report.
    if (script?.hasAttribute('src') || script?.getAttribute('beacon-completed') === 'true') return;

    let guard: number | undefined;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      if (guard !== undefined) env().clearTimeout(guard);
      script?.setAttribute('beacon-completed', 'true');
    };
    onCleanup(() => {
      if (guard !== undefined) env().clearTimeout(guard);
    });

    const config = readConfig(raw, warn);
    if (!config) return finish();
    const log = (...args: unknown[]) => {
      if (config.debug) debugLog('wp-rocket-beacon:', ...args);
    };
    const id: BeaconIdentity = { nonce: config.nonce, url: config.url, isMobile: config.isMobile };

    const run = async () => {
      const startedAt = env().now();
      const screen = screenSize();
      if (!screenMatches(screen, { isMobile: config.isMobile, width: config.widthThreshold, height: config.heightThreshold })) {
        log('the screen does not match this cache variant', screen);
        return finish();
      }
      if (window.scrollY !== 0) {
        log('the page is already scrolled');
        return finish();
      }
      const results: Results = { lcp: null, lrc: null };
      let failed = false;
      let sent = false;
      const send = async () => {
        if (sent) return;
        sent = true;
        const status = finalStatus(failed, env().now() - startedAt);
        try {
          await requestText(config.ajaxUrl, {
            method: 'POST',
            body: formData(reportFields(id, status, results)),
            headers: { 'wpr-saas-no-intercept': 'true' },
          });
          log('report sent', status, results);
        } catch (error) {
          log('the report failed', error);
        } finally {
          finish();
        }
      };
      // Whatever is still running after 10 s, the report goes with what exists (once: `send` is idempotent).
      guard = env().setTimeout(() => void send(), GUARD_MS);

      const stored = await alreadyStored(config, id, log);
      const lcp = config.atf && !stored.lcp;
      const lrc = config.lrc && !stored.lrc;
      if (!lcp && !lrc) {
        log('nothing to measure');
        return finish();
      }
      const cancelled = () => sent;
      try {
        if (lcp) results.lcp = await detectLcp(config.elements, cancelled);
      } catch (error) {
        failed = true;
        log('LCP detection failed', error);
      }
      try {
        if (lrc)
          results.lrc = await detectLazyRender(
            { threshold: config.lrcThreshold, skipStrings: config.skipStrings, exclusions: config.exclusions },
            cancelled,
          );
      } catch (error) {
        failed = true;
        log('lazy-render detection failed', error);
      }
      await send();
    };
    timeout(() => void run().catch(finish), config.delay);
  },
});

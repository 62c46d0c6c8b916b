import { installJQueryShims } from '../src/events/shims';
import { decideSplitTests } from '../widgets/split-test/decide';
import { debugEnabled } from './debug';
import { createApi, type StorefrontIslandsApi } from './api';
import { registry } from './registry';
import { createRuntime } from './runtime';

/**
 * Our API, not whatever else the name resolves to: an element with `id="StorefrontIslands"` is reachable as
 * `window.StorefrontIslands` too (named access), and must not pass for a copy already running.
 */
function running(value: unknown): boolean {
  const api = value as Partial<StorefrontIslandsApi> | null | undefined;
  return (
    typeof api === 'object' &&
    api !== null &&
    typeof api.scan === 'function' &&
    typeof api.ready === 'function' &&
    typeof api.version === 'string'
  );
}

/** Start once per page: a second copy of the tag (a plugin enqueuing it twice) only warns. */
export function start(): void {
  if (running(window.StorefrontIslands)) {
    console.warn('[storefront-islands] loaded twice; the second copy does nothing.');
    return;
  }
  // Asked at the first mount, not here: the first localStorage read of a page can block for milliseconds, and
  // this task already evaluates the bundle.
  const runtime = createRuntime(registry, { debug: debugEnabled });
  window.StorefrontIslands = createApi(runtime, __VERSION__);
  installJQueryShims();
  // The scan starts in a task of its own: on a large page, evaluating the bundle and scanning it in one task made
  // a long one (the scan starts each widget's import and trigger).
  // Split tests choose before that, in this task (or at DOMContentLoaded, for a copy that runs while the document
  // is still being parsed): the chosen variant is set before the next frame, and the widget's chunk only reports it.
  const go = () => {
    decideSplitTests(document);
    setTimeout(() => runtime.scan(document), 0);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
  else go();
}

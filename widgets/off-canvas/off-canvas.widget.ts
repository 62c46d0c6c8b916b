import { defineWidget, type WidgetContext } from '../../src/widget';
import { pageGlobal } from '../../src/config/globals';
import { env } from '../../src/env';
import { local, session } from '../../src/storage/storage';
import { evaluateRules, hrefHash, parseConfig, parseHash, parseStoredState, type RuleOutcome } from './logic';
import { offCanvasPage } from './page';
import { createPanel } from './panel';
import { adoptOffCanvasStyles } from './styles';
import { afterLoad, wireTriggers } from './triggers';

/**
 * Avada's off-canvas popups and sliding bars (`.awb-off-canvas-wrap[data-id]`), configured by
 * `window.off_canvas_{ID}`. Plain code at load: the display rules are evaluated once per page and the triggers
 * and hash links wired; React arrives only when a panel opens (view.tsx).
 */
function readRules(
  id: string,
  config: ReturnType<typeof parseConfig>['config'],
  context: WidgetContext,
  outcomes: Map<string, RuleOutcome>,
): { outcome: RuleOutcome; clean: boolean } {
  const storageKey = `off_canvas_${id}`;
  const previous = outcomes.get(id);
  if (previous) return { outcome: previous, clean: true };
  const { state, problems } = parseStoredState(local.get(storageKey), `localStorage.${storageKey}`);
  for (const p of problems) context.warn(p.field, `${p.message}; the panel stays closed this time`);
  const outcome = evaluateRules({
    config,
    state,
    now: env().now(),
    sessionFlag: session.get(`${storageKey}_opened`) !== null,
    sessionCounted: session.get(storageKey) !== null,
    referrer: document.referrer,
    host: location.host,
  });
  if (outcome.setSessionFlag) session.set(`${storageKey}_opened`, 'true');
  if (outcome.markSessionCounted) session.set(storageKey, 'true');
  const counted = outcome.state.page_views !== state.page_views || outcome.state.sessions !== state.sessions;
  if (counted || problems.length) local.setJSON(storageKey, { last_open_date: outcome.state.last_open_date ?? '', ...outcome.state });
  outcomes.set(id, outcome);
  return { outcome, clean: problems.length === 0 };
}

/**
 * A popup that opens by itself waits while the privacy bar asks for consent (accessibility.md: no modal opens on
 * load while consent is pending; the bar is the task at hand), and opens once the visitor has answered. Only on
 * pages that print the bar and `avadaPrivacyVars`: the consent store is imported then, never otherwise.
 */
function afterConsent(context: WidgetContext, open: () => void): void {
  if (pageGlobal('avadaPrivacyVars') === undefined || !document.querySelector('.fusion-privacy-bar')) {
    open();
    return;
  }
  import('../privacy/consent')
    .then(({ consentStore }) => {
      if (context.signal.aborted) return;
      const store = consentStore();
      if (store.answered()) return open();
      const off = store.subscribe(() => {
        if (!store.answered()) return;
        off();
        if (!context.signal.aborted) open();
      });
      context.onCleanup(off);
    })
    .catch((error: unknown) => {
      context.warn('consent', `could not read the visitor's consent (${String(error)}); the popup opens`);
      if (!context.signal.aborted) open();
    });
}

export default defineWidget({
  mount(element, context) {
    const wrap = element as HTMLElement;
    const id = wrap.getAttribute('data-id')?.trim() ?? '';
    if (!/^[\w-]+$/.test(id)) {
      context.warn('data-id', `expected the panel's id, got ${JSON.stringify(wrap.getAttribute('data-id'))}; the panel stays closed`);
      return;
    }
    const page = offCanvasPage(context);
    const { panels } = page;
    if (panels.has(id)) {
      context.warn('data-id', `${id} is printed twice; only the first panel is used`);
      return;
    }
    const name = `off_canvas_${id}`;
    const raw = pageGlobal(name);
    const { config, problems } = parseConfig(raw, name);
    if (raw === undefined) problems.push({ field: name, message: 'is missing' });
    for (const p of problems) context.warn(p.field, `${p.message}; the panel stays closed`);
    // The wrap's class is what the theme styled: it decides popup or bar when the global disagrees.
    if (wrap.classList.contains('type-sliding-bar')) config.type = 'sliding-bar';
    else if (wrap.classList.contains('type-popup')) config.type = 'popup';

    adoptOffCanvasStyles();
    const { outcome, clean } = readRules(id, config, context, page.outcomes);
    const panel = createPanel({ wrap, id, config, context, storageKey: name, state: outcome.state, scrollLock: page.scrollLock });
    panels.set(id, panel);
    context.onCleanup(() => {
      if (panels.get(id) === panel) panels.delete(id);
    });

    const inner = wrap.querySelector<HTMLElement>('.awb-off-canvas');
    if (config.type === 'sliding-bar' && inner && !inner.hasAttribute('role')) {
      // A non-modal region: named by its heading, never stealing focus.
      const heading = inner.querySelector('h1, h2, h3, h4, h5, h6');
      inner.setAttribute('role', 'region');
      if (heading?.textContent?.trim()) {
        heading.id ||= `sf-oc-heading-${id}`;
        inner.setAttribute('aria-labelledby', heading.id);
      } else inner.setAttribute('aria-label', wrap.getAttribute('aria-label') || 'Sliding bar');
    }

    const closeOnEsc = config.close_on_esc && !wrap.classList.contains('disable-close-on-esc');
    const closeOnOverlay = config.overlay_close_on_click && !wrap.classList.contains('overlay-disable-close');
    wrap.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element;
        if (target === wrap) {
          if (closeOnOverlay) panel.close('overlay');
          return;
        }
        if (target.closest('.off-canvas-close')) {
          event.preventDefault();
          panel.close('button');
          return;
        }
        const link = target.closest('a[href*="#"]');
        if (
          link &&
          (wrap.classList.contains('close-on-anchor') || config.close_on_anchor_click) &&
          !parseHash(hrefHash(link.getAttribute('href')))
        )
          panel.close('anchor');
      },
      { signal: context.signal },
    );
    if (config.type === 'sliding-bar') {
      // Popups close on Escape through their dialog; a bar listens on the page while it is open. An Escape the
      // popup already took (it prevents the key) is not the bar's, even when the popup closed without an exit
      // animation and no modal dialog is left by the time the key reaches the document.
      document.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Escape' && !event.defaultPrevented && closeOnEsc && panel.isOpen() && !document.querySelector('dialog:modal'))
            panel.close('escape');
        },
        { signal: context.signal },
      );
    }

    const rulesPass = clean && outcome.show;
    if (problems.length === 0) {
      wireTriggers({
        id,
        config,
        context,
        rulesPass,
        fired: page.fired,
        fire: (trigger) => {
          if (trigger === 'click') panel.open('manual');
          // The shopper's own add to cart is not "on load"; every other automatic popup waits for consent.
          else if (trigger === 'add-to-cart' || config.type !== 'popup') panel.open('auto');
          else afterConsent(context, () => panel.open('auto'));
        },
      });
      // A bar the server could not open itself (its rules run here) opens on load when they pass.
      if (config.type === 'sliding-bar' && config.off_canvas_state === 'opened' && !wrap.classList.contains('awb-show') && rulesPass)
        afterLoad(context, () => panel.open('auto'));
    }

    // A link that brought the visitor here opens the panel (not counted as a show).
    afterLoad(context, () => {
      const action = parseHash(location.hash);
      if (action && action.action !== 'close-all' && action.id === id && action.action !== 'close') panel.open('manual');
    });
  },
});

import type { WidgetContext } from '../../src/widget';
import { defineWidget } from '../../src/widget';
import { readGlobal, str } from '../../src/config/globals';
import { afterPaint, announceIn, setAttr, uniqueId } from '../../src/dom/announce';
import { adoptStyles } from '../../src/dom/styles';
import { env } from '../../src/env';
import { fireLegacy, listenLegacy } from '../../src/events/bus';
import { pageJQuery } from '../../src/events/jquery';
import { installJQueryShims, liveVariationForms } from '../../src/events/shims';
import type { GallerySwapper } from './display';
import {
  AnswerCache,
  buildIndex,
  chosenCount,
  flattenParam,
  isComplete,
  isPurchasable,
  parseVariationData,
  quantityFor,
  readCustomData,
  readVariationAnswer,
  type Chosen,
  type Variation,
  type VariationIndex,
} from './logic';
import { hydrate, readVariations } from './source';
import { setupSwatches, SWATCH, UNAVAILABLE_ATTR, type Swatches } from './swatches';
import { writePlainView, type ButtonState, type VariationViewProps } from './view-dom';

const NAME = 'variation-form';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type BlockModule = typeof import('../../src/dom/block');
/** blockUI's overlay: loaded the first time a form waits on the server (get_variation), then kept for every form. */
let blockModule: BlockModule | undefined;
let blockLoading: Promise<BlockModule> | undefined;
const loadBlock = (): Promise<BlockModule> => (blockLoading ??= import('../../src/dom/block').then((module) => (blockModule = module)));

/**
 * The request code (src/net: wcAjax and its errors): loaded when a form may ask the server (ajax mode, lazy
 * stubs), then kept for every form. Forms that print their variations never load it.
 */
interface Net {
  wcAjax: typeof import('../../src/net/wc').wcAjax;
  NetError: typeof import('../../src/net/errors').NetError;
  messageFor: typeof import('../../src/net/errors').messageFor;
}
let net: Net | undefined;
let netLoading: Promise<Net> | undefined;
const loadNet = (): Promise<Net> =>
  (netLoading ??= Promise.all([import('../../src/net/wc'), import('../../src/net/errors')]).then(
    ([{ wcAjax }, { NetError, messageFor }]) => (net = { wcAjax, NetError, messageFor }),
    (error: unknown) => {
      netLoading = undefined; // the next question tries again
      throw error;
    },
  ));
/** The request code, or a failure after VARIATION_TIMEOUT: a chunk that never arrives holds no form for long. */
const netWithin = (ms: number): Promise<Net> =>
  net
    ? Promise.resolve(net)
    : new Promise<Net>((resolve, reject) => {
        const timer = env().setTimeout(() => reject(new Error(`its code did not arrive within ${ms / 1000} s`)), ms);
        loadNet()
          .then(resolve, reject)
          .finally(() => env().clearTimeout(timer));
      });

type Display = typeof import('./display');
/** display.ts once loaded (then used synchronously by every form), or why it could not be. */
let display: Display | undefined;
let displayFailed: string | undefined;
let displayLoading: Promise<void> | undefined;
/**
 * Load display.ts (what a variation changes on the page: details, image, gallery, the price markup) once for
 * every form: on the shopper's first intent, with the view, or as soon as a form needs it. Tests await it so a
 * choice shows at once, as it does on a page once loaded.
 */
export const displayReady = (): Promise<void> =>
  (displayLoading ??= new Promise<void>((resolve) => {
    // A chunk that neither arrives nor fails (a stalled connection) holds no choice for long: the form goes on
    // without it, as if it had failed, and uses it for later choices if it does arrive.
    const timer = env().setTimeout(() => {
      displayFailed ??= `its code did not arrive within ${DISPLAY_TIMEOUT / 1000} s`;
      resolve();
    }, DISPLAY_TIMEOUT);
    import('./display')
      .then(
        (module) => {
          display = module;
          displayFailed = undefined;
        },
        (error: unknown) => void (displayFailed ??= reasonOf(error)),
      )
      .finally(() => {
        env().clearTimeout(timer);
        resolve();
      });
  }));

const TEXTS = {
  i18n_no_matching_variations_text: str('Sorry, no products matched your selection. Please choose a different combination.'),
  i18n_make_a_selection_text: str('Please select some product options before adding this product to your cart.'),
  i18n_unavailable_text: str('Sorry, this product is unavailable. Please choose a different combination.'),
  i18n_reset_alert_text: str('Your selection has been reset. Please select some product options before adding this product to your cart.'),
};
type Texts = { [K in keyof typeof TEXTS]: string };

/** How long a choice waits for display.ts before the form goes on without it (see displayReady). */
export const DISPLAY_TIMEOUT = 5_000;

/** get_variation waits this long before the form falls back to posting natively. */
export const VARIATION_TIMEOUT = 10_000;

/** The shopper reaching the form: its React view loads then (a pointer over it gives it a head start). */
const VIEW_INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The view's host adds no box: what it renders sits in the wrapper's flow as if printed there. */
const CSS = '.sf-variation-view{display:contents}';

/**
 * Hold a form while its data is still being read: its button takes the classes and aria-disabled the form uses
 * for "make a selection", a submit is refused, and a click on a swatch (wired once the data is in) is kept.
 * Returns the undo, which gives back the kept swatch clicks in order.
 */
function holdForm(form: HTMLFormElement, button: HTMLElement | null): () => HTMLElement[] {
  const added = button ? ['disabled', 'wc-variation-selection-needed'].filter((c) => !button.classList.contains(c)) : [];
  const hadAria = button?.getAttribute('aria-disabled') ?? null;
  if (button) {
    button.classList.add(...added);
    button.setAttribute('aria-disabled', 'true');
  }
  const refuseSubmit = (event: Event) => event.preventDefault();
  const swatchClicks: HTMLElement[] = [];
  const keepSwatchClick = (event: MouseEvent) => {
    const swatch = event.target instanceof Element ? event.target.closest<HTMLElement>(SWATCH) : null;
    if (!swatch || !form.contains(swatch)) return;
    event.preventDefault();
    event.stopPropagation();
    swatchClicks.push(swatch);
  };
  form.addEventListener('submit', refuseSubmit);
  form.addEventListener('click', keepSwatchClick, true);
  return () => {
    form.removeEventListener('submit', refuseSubmit);
    form.removeEventListener('click', keepSwatchClick, true);
    if (button) {
      button.classList.remove(...added);
      setAttr(button, 'aria-disabled', hadAria);
    }
    return swatchClicks;
  };
}

function attributeName(select: HTMLSelectElement): string {
  return select.getAttribute('data-attribute_name') || select.name;
}

async function mountForm(form: HTMLFormElement, ctx: WidgetContext): Promise<void> {
  const { signal, warn } = ctx;
  const texts: Texts = readGlobal('wc_add_to_cart_variation_params', TEXTS, NAME);
  const product = form.closest('.product');
  const selects = [...form.querySelectorAll<HTMLSelectElement>('.variations select')];
  const names = selects.map(attributeName);
  const singleVariation = form.querySelector<HTMLElement>('.single_variation');
  const wrap = form.querySelector<HTMLElement>('.single_variation_wrap');
  const addToCartWrap = form.querySelector<HTMLElement>('.woocommerce-variation-add-to-cart');
  const button = form.querySelector<HTMLElement>('.single_add_to_cart_button');
  const resetAlert = form.querySelector<HTMLElement>('.reset_variations_alert');
  const resets = () => [...form.querySelectorAll<HTMLElement>('.reset_variations')];
  const productId = form.getAttribute('data-product_id') ?? '';
  const lazy = form.getAttribute('data-product_variations_lazy') === 'true';

  // --- data ------------------------------------------------------------------------------------------------------
  /** A form that will ask the server starts loading the request code at once (a failure shows on its first question). */
  const prefetchNet = () => void loadNet().catch(() => {});
  let index: VariationIndex | undefined;
  let useAjax = false;
  let cache = new AnswerCache(names);
  /** Full objects fetched for lazy stubs, by variation id. */
  const loaded = new Map<number, Variation | null>();

  /** Read `data-product_variations` (or take what was read already); false when the form must post natively. */
  const readData = (read?: ReturnType<typeof parseVariationData>): boolean => {
    const data = read ?? parseVariationData(form.getAttribute('data-product_variations'), lazy);
    index = undefined;
    useAjax = false;
    cache = new AnswerCache(names);
    if (data.mode === 'inline') {
      if (data.dropped) warn('data-product_variations', `${data.dropped} entries are not variation objects and were skipped`);
      index = buildIndex(data.variations);
      if (lazy) prefetchNet(); // stubs are completed by get_variation
      return true;
    }
    if (data.mode === 'ajax') {
      useAjax = true;
      prefetchNet();
      return true;
    }
    if (data.mode === 'empty') return false; // all out of stock: WooCommerce prints a notice instead of the table
    if (/^\d+$/.test(productId) && productId !== '0') {
      warn('data-product_variations', `${data.reason}; asking the server (get_variation) for each combination instead`);
      useAjax = true;
      prefetchNet();
      return true;
    }
    warn('data-product_variations', `${data.reason} and data-product_id is missing; the form posts to the server as printed`);
    return false;
  };
  if (selects.length === 0) return;
  const printedData = form.getAttribute('data-product_variations');
  let earlySwatchClicks: HTMLElement[] = [];
  const reading = readVariations(printedData, lazy, signal);
  let first: ReturnType<typeof parseVariationData> | undefined;
  if (!(reading instanceof Promise)) first = reading;
  else {
    // Large data is read off the main thread. Until it arrives the button must not offer a submit the form cannot
    // honour yet; the shopper's choices meanwhile stay in the selects and count at init, swatch clicks are replayed.
    const release = holdForm(form, button);
    try {
      first = await reading;
      // The worker's answer was turned into variations in a task of its own; the index and the form's first state
      // get another (on a cheap phone each is tens of milliseconds for a thousand variations). Still held.
      await env().yieldTask();
    } finally {
      earlySwatchClicks = release();
    }
    if (signal.aborted || !form.isConnected) return;
    // A script that replaced the data meanwhile (reload_product_variations cannot reach us yet) wins.
    if (form.getAttribute('data-product_variations') !== printedData) first = undefined;
  }
  if (!readData(first)) return;

  // --- display.ts: what shows a variation waits for it, and everything the form does after that waits behind ----
  // Until it is loaded a found variation is held; its events, and every event and change of the form's own state
  // after it, follow in their order once it is in (or failed: then the form shows what it owns, see README).
  // Options, swatches and requests are worked out at once. Hiding needs no module before anything was shown.
  let held: (() => void)[] | undefined;
  const inOrder = (fn: () => void) => void (held ? held.push(fn) : fn());
  let asked: Promise<void> | undefined;
  const loadDisplay = () =>
    (asked ??= displayReady().then(() => {
      if (displayFailed !== undefined)
        warn('display', `${displayFailed}; the form still chooses and posts, without the variation's price, stock, SKU or image`);
      const queue = held ?? [];
      held = undefined;
      if (!signal.aborted) for (const fn of queue) fn();
    }));
  const withDisplay = (fn: () => void) => {
    if (!held && (display || displayFailed !== undefined)) return fn();
    (held ??= []).push(fn);
    void loadDisplay();
  };

  // --- events by the contract's rule, never heard back by ourselves --------------------------------------------
  const firing = new Set<string>();
  const fire = (target: Element | null, name: string, args: unknown[] = []) =>
    inOrder(() => {
      if (!target) return;
      firing.add(name);
      try {
        fireLegacy(target, name, args);
      } finally {
        firing.delete(name);
      }
    });
  /** A select's `change`, as a user's change would fire it (jQuery handlers see native events too). */
  const nativeChange = (el: Element) =>
    inOrder(() => {
      firing.add('change');
      try {
        el.dispatchEvent(new Event('change', { bubbles: true }));
      } finally {
        firing.delete('change');
      }
    });

  // --- the view: React renders the state below into the CMS's elements ------------------------------------------
  // Its host sits where WooCommerce would have put an explanation: right after the button.
  adoptStyles(NAME, CSS);
  const host = document.createElement('div');
  host.className = 'sf-variation-view';
  if (button) button.insertAdjacentElement('afterend', host);
  else form.appendChild(host);
  ctx.onCleanup(() => host.remove());
  // `.single_variation` is printed as role=alert; price and stock changes should be polite.
  singleVariation?.setAttribute('aria-live', 'polite');
  for (const reset of resets()) {
    if (reset.tagName === 'A') reset.setAttribute('role', 'button');
    if (reset.tagName === 'BUTTON' && !reset.hasAttribute('type')) reset.setAttribute('type', 'button');
  }
  let props: VariationViewProps = {
    button,
    addToCartWrap,
    buttonState: 'unknown',
    explanationId: uniqueId('sf-variation-message'),
    explanation: { text: '', shown: false, said: 0 },
    resets: resets(),
    resetVisible: undefined,
    swatches: [],
    reasons: {
      nomatch: { id: uniqueId('sf-swatch-nomatch'), text: texts.i18n_no_matching_variations_text },
      unavailable: { id: uniqueId('sf-swatch-unavailable'), text: texts.i18n_unavailable_text },
    },
  };
  // React renders the view from the shopper's first interaction with the form; until then (and if its chunk
  // cannot load) this plain code writes the same markup and state, so nothing waits for React and a page nobody
  // touches never loads it. Rendered before returning either way: the form's events, the sticky bar and theme
  // code read the state right after.
  let island: { flush(next: VariationViewProps): void } | undefined;
  const render = (patch: Partial<VariationViewProps>) => {
    props = { ...props, ...patch };
    if (island) island.flush(props);
    else writePlainView(host, props);
  };
  render({});
  const stopWaiting = new AbortController();
  const mountView = () => {
    stopWaiting.abort();
    // display.ts comes in the same wave: what the shopper is about to choose shows without a second one.
    void loadDisplay();
    import('./view.island').then(
      ({ attachView }) => {
        if (!signal.aborted) island = attachView(NAME, host, props, ctx);
      },
      (error: unknown) => warn('view', `${reasonOf(error)}; the form keeps working without its React view`),
    );
  };
  ctx.onCleanup(() => stopWaiting.abort());
  for (const type of VIEW_INTENT) form.addEventListener(type, mountView, { capture: true, passive: true, signal: stopWaiting.signal });

  const reasonText = (state: ButtonState) =>
    state === 'unavailable' ? texts.i18n_unavailable_text : state === 'needed' ? texts.i18n_make_a_selection_text : '';
  let buttonState: ButtonState = 'unknown';
  const setButton = (state: ButtonState) => {
    buttonState = state;
    const disabled = state === 'needed' || state === 'unavailable';
    const { explanation } = props;
    // Keep the description current without announcing it; it is announced when the shopper presses the button.
    const shown = explanation.shown && disabled;
    render({
      buttonState: state,
      resets: resets(),
      explanation: { text: reasonText(state), shown, said: explanation.said + (shown ? 1 : 0) },
    });
  };
  /** A press on the disabled button: the reason is seen at once and said on the next frame (again on each press). */
  const explain = (state: ButtonState) =>
    render({ explanation: { text: reasonText(state), shown: true, said: props.explanation.said + 1 } });

  const toggleReset = (show: boolean) => render({ resets: resets(), resetVisible: show });

  // --- selects: pristine options and filtering -----------------------------------------------------------------
  const pristine = new Map(selects.map((s) => [s, [...s.options]] as const));
  const chosenNow = (): Chosen => Object.fromEntries(selects.map((s, i) => [names[i]!, s.value]));

  const swatches: Swatches = setupSwatches(form, selects, (select, value, byShopper) => choose(select, value, byShopper), signal);
  const syncSwatches = () => {
    if (swatches.groups.length) render({ swatches: swatches.states() });
  };
  syncSwatches();

  /** §5.2 for every select; resets values that became impossible (DOM order, re-checking after each). */
  const filterOptions = (): HTMLSelectElement[] => {
    if (!index) return [];
    const reset: HTMLSelectElement[] = [];
    for (let round = 0; round <= selects.length; round++) {
      const chosen = chosenNow();
      const availability = index.availability(chosen, names);
      const invalid = selects.find((s, i) => s.value !== '' && availability.get(names[i]!)?.state(s.value) !== 'enabled');
      if (invalid && round < selects.length) {
        invalid.value = '';
        if (!reset.includes(invalid)) reset.push(invalid);
        continue;
      }
      selects.forEach((select, i) => {
        const state = availability.get(names[i]!)!;
        const value = select.value;
        const keepPlaceholder = !(select.getAttribute('data-show_option_none') === 'no' && value !== '');
        const wanted: HTMLOptionElement[] = [];
        for (const option of pristine.get(select)!) {
          if (option.value === '') {
            if (keepPlaceholder) wanted.push(option);
            continue;
          }
          const s = state.state(option.value);
          if (s === 'detached') continue;
          setAttr(option, 'disabled', s === 'disabled' ? '' : null);
          option.classList.toggle('attached', true);
          option.classList.toggle('enabled', s === 'enabled');
          wanted.push(option);
        }
        const current = select.options;
        if (current.length !== wanted.length || wanted.some((o, k) => current[k] !== o)) select.replaceChildren(...wanted);
        if (select.value !== value) select.value = value;
      });
      break;
    }
    return reset;
  };

  /** Ajax mode: options the cache knows lead nowhere are marked, not removed (the server decides). */
  const markFromCache = () => {
    if (!useAjax) return;
    const chosen = chosenNow();
    selects.forEach((select, i) => {
      for (const option of select.options) {
        if (option.value === '') continue;
        const known = cache.known(chosen, names[i]!, option.value);
        if (known === 'nomatch' || known === 'unavailable') {
          option.setAttribute('aria-disabled', 'true');
          option.setAttribute(UNAVAILABLE_ATTR, known);
          option.title = known === 'nomatch' ? texts.i18n_no_matching_variations_text : texts.i18n_unavailable_text;
        } else if (option.hasAttribute(UNAVAILABLE_ATTR)) {
          option.removeAttribute('aria-disabled');
          option.removeAttribute(UNAVAILABLE_ATTR);
          option.removeAttribute('title');
        }
      }
    });
  };

  // --- showing and hiding a variation --------------------------------------------------------------------------
  const variationIdInputs = () => [...form.querySelectorAll<HTMLInputElement>('input[name="variation_id"], input.variation_id')];
  const setVariationId = (id: string) =>
    inOrder(() => {
      for (const input of variationIdInputs()) {
        input.value = id;
        fire(input, 'change');
      }
    });
  let gallery: GallerySwapper | undefined;
  const swapper = (d: Display) => (gallery ??= new d.GallerySwapper(form, product));
  // The gallery re-measures 20 ms after a swap (WooCommerce's delay), counted from the next paint so the
  // shopper's choice paints first; a newer swap replaces a pending one.
  let cancelSettle: (() => void) | undefined;
  const later = (fn: () => void, ms: number) => {
    cancelSettle?.();
    let timer: number | undefined;
    const cancelPaint = afterPaint(() => (timer = env().setTimeout(fn, ms)));
    cancelSettle = () => {
      cancelPaint();
      if (timer !== undefined) env().clearTimeout(timer);
    };
  };
  /** The gallery re-measuring after a swap (display.ts `Settle`): resize, init_zoom, current-image. */
  const settle = (imageId?: string) =>
    later(() => {
      window.dispatchEvent(new Event('resize'));
      const images = product?.querySelector('.images');
      if (imageId !== undefined) {
        const before = form.getAttribute('current-image');
        form.setAttribute('current-image', imageId);
        // Unset means no variation image was shown yet, which is no change for a form with none to show.
        // (WooCommerce resets the slider at init here too, throwing away a thumbnail picked while the page started.)
        if ((before ?? '') !== imageId && images) fireLegacy(images, 'woocommerce_gallery_reset_slide_position');
      }
      if (images) fireLegacy(images, 'woocommerce_gallery_init_zoom');
    }, 20);
  let cancelFill: (() => void) | undefined;
  let shown: Variation | null = null;
  let loading = true;
  let busy = false;

  const hideVariation = () =>
    inOrder(() => {
      cancelFill?.();
      cancelFill = undefined;
      shown = null;
      fire(form, 'reset_data');
      display?.showDetails(product, null);
      fire(form, 'reset_image');
      // Without display.ts no form has shown a variation yet (or it failed to load): nothing to put back.
      if (!display) settle('');
      else if (!swapper(display).show(null)) display.updateImage(form, product, null, settle);
      if (singleVariation) {
        if (display) display.slide(singleVariation, false);
        else singleVariation.style.display = 'none';
        fire(singleVariation, 'hide_variation');
      }
      setButton('needed');
    });

  const showVariation = (variation: Variation) =>
    withDisplay(() => {
      fire(form, 'found_variation', [variation]);
      shown = variation;
      display?.showDetails(product, variation);
      // WooCommerce always sends an image object (src "" when the variation has none); a variation without one is
      // malformed data from a filter or an importer: say so once, and the product's own image stays.
      const image = variation.image;
      if (image === undefined || image === null || typeof image !== 'object')
        warn('image', `variation ${variation.variation_id} has no image object; the product image stays`);
      if (display && !swapper(display).show(variation)) display.updateImage(form, product, variation, settle);
      const html = display?.variationHtml(variation, texts.i18n_unavailable_text, warn);
      setVariationId(String(variation.variation_id));
      const qty = wrap?.querySelector<HTMLInputElement>('.quantity input.qty[name="quantity"]');
      if (qty) {
        const rule = quantityFor(variation, qty.value);
        qty.value = rule.value;
        qty.setAttribute('min', rule.min);
        qty.setAttribute('max', rule.max);
        const box = qty.closest<HTMLElement>('.quantity');
        if (box) box.style.display = rule.hidden ? 'none' : '';
        fire(qty, 'change');
      }
      const purchasable = isPurchasable(variation);
      setButton(purchasable ? 'enabled' : 'unavailable');
      if (!singleVariation) return;
      // Filled after the next paint: the shopper's choice paints without waiting for the price markup, and the
      // region's new nodes (additions, polite) are what screen readers announce. Not emptied first: that would
      // make the button jump up and back down.
      cancelFill?.();
      cancelFill = afterPaint(() => {
        cancelFill = undefined;
        if (shown !== variation) return;
        if (display && html !== undefined) {
          singleVariation.replaceChildren(display.variationFragment(html));
          if (singleVariation.textContent?.trim()) display.slide(singleVariation, true);
          else singleVariation.style.display = '';
        }
        fire(singleVariation, 'show_variation', [variation, purchasable]);
      });
    });

  /** No variation for a complete choice; the notice never shows for the choice the page loaded with. */
  const noMatch = (quiet = loading) => {
    hideVariation();
    if (quiet || !singleVariation) return;
    inOrder(() => {
      const notice = document.createElement('div');
      notice.setAttribute('role', 'alert');
      const p = document.createElement('p');
      p.className = 'wc-no-matching-variations woocommerce-info';
      p.textContent = texts.i18n_no_matching_variations_text;
      notice.appendChild(p);
      // Slides in once display.ts is loaded; before that (a choice made by code) it simply appears.
      if (display) p.style.display = 'none';
      singleVariation.insertAdjacentElement('afterend', notice);
      display?.slide(p, true);
    });
  };

  const removeNoMatch = () =>
    inOrder(() => {
      for (const p of form.querySelectorAll('.wc-no-matching-variations')) p.parentElement?.remove();
    });

  // --- get_variation (ajax mode and lazy stubs) ------------------------------------------------------------------
  let request: AbortController | undefined;
  let sequence = 0;
  const customData = readCustomData(form.getAttribute('data-custom_data'));

  const fetchVariation = async (chosen: Chosen): Promise<Variation | null> => {
    const body: Record<string, string | string[]> = {};
    selects.forEach((_, i) => (body[names[i]!] = chosen[names[i]!] ?? ''));
    body.product_id = productId;
    flattenParam('custom_data', customData, body);
    const abort = request!.signal;
    const { wcAjax, NetError } = net ?? (await netWithin(VARIATION_TIMEOUT));
    const answer = await wcAjax('get_variation', body, { signal: abort, timeout: VARIATION_TIMEOUT });
    if (answer === undefined || answer === null || answer === false || answer === '' || answer === 0) return null;
    const variation = readVariationAnswer(answer);
    if (!variation) throw new NetError('invalid_response');
    return variation;
  };

  // WooCommerce blocks the form while get_variation runs: blockUI's overlay, `.processing`, aria-busy. The state
  // (`.processing`, aria-busy, refused clicks and submits) is set at once; the overlay's code comes with the first
  // request, and a request answered before it arrives shows no overlay.
  const setBusy = (on: boolean) => {
    busy = on;
    if (!on) {
      blockModule?.unblock(form);
      form.classList.remove('processing');
      form.removeAttribute('aria-busy');
      return;
    }
    form.classList.add('processing');
    form.setAttribute('aria-busy', 'true');
    if (blockModule) blockModule.block(form);
    else
      loadBlock().then(
        (module) => {
          if (busy && !signal.aborted) module.block(form);
        },
        (error: unknown) => warn('overlay', `${reasonOf(error)}; the form is held without its overlay while it waits`),
      );
  };
  ctx.onCleanup(() => setBusy(false));

  /** Ask the server for a complete choice; a newer choice aborts this one and its answer is never shown. */
  const ask = (chosen: Chosen, remember: (answer: Variation | null) => void) => {
    request?.abort();
    request = new AbortController();
    const mine = ++sequence;
    const initial = loading;
    setBusy(true);
    fetchVariation(chosen).then(
      (answer) => {
        remember(answer);
        if (mine !== sequence || signal.aborted) return;
        setBusy(false);
        markFromCache();
        syncSwatches();
        if (answer) showVariation(answer);
        else noMatch(initial);
      },
      (error: unknown) => {
        if (mine !== sequence || signal.aborted || (net && error instanceof net.NetError && error.code === 'aborted')) return;
        setBusy(false);
        // Without the request code (a chunk that failed or never came) there was no request: say so.
        const why = net ? net.messageFor(error) : `The request code could not load (${reasonOf(error)}).`;
        warn('get_variation', `${why} The form now posts the chosen options and the shop picks the variation.`);
        // The server resolves the variation from the posted attributes when variation_id is empty.
        hideVariation();
        inOrder(() => setButton('enabled'));
      },
    );
  };

  const stopAsking = () => {
    if (!request) return;
    request.abort();
    request = undefined;
    sequence++;
    setBusy(false);
  };

  // --- the check ---------------------------------------------------------------------------------------------------
  const check = (override?: Chosen) => {
    if (useAjax) {
      const chosen = override ?? chosenNow();
      markFromCache();
      syncSwatches();
      if (isComplete(chosen, names)) {
        const cached = cache.get(chosen);
        if (cached !== undefined) {
          stopAsking();
          if (cached) showVariation(cached);
          else noMatch();
        } else {
          ask(chosen, (answer) => cache.set(chosen, answer));
        }
      } else {
        stopAsking();
        // As WooCommerce: in ajax mode only an incomplete choice fires it.
        fire(form, 'update_variation_values');
        hideVariation();
      }
      toggleReset(chosenCount(chosen, names) > 0);
      return;
    }
    fire(form, 'update_variation_values');
    const reset = filterOptions();
    fire(form, 'woocommerce_update_variation_values');
    syncSwatches();
    for (const select of reset) nativeChange(select);
    const chosen = override ?? chosenNow();
    if (isComplete(chosen, names)) {
      const match = index!.match(chosen);
      if (!match) {
        stopAsking();
        noMatch();
      } else if (match.variation_data_loaded === false) {
        const full = loaded.get(match.variation_id);
        if (full !== undefined) {
          stopAsking();
          if (full) showVariation(full);
          else noMatch();
        } else {
          ask(chosen, (answer) => loaded.set(match.variation_id, answer));
        }
      } else {
        stopAsking();
        showVariation(hydrate(match));
      }
    } else {
      stopAsking();
      hideVariation();
    }
    toggleReset(chosenCount(chosen, names) > 0);
  };

  /** What WooCommerce does on a select's change. */
  const onChange = () => {
    // A change may come from code or a test runner, without the pointer or focus the view waits for.
    void loadDisplay();
    setVariationId('');
    fire(form, 'clear_reset_announcement');
    if (resetAlert) inOrder(() => announceIn(resetAlert, ''));
    removeNoMatch();
    if (!useAjax) fire(form, 'woocommerce_variation_select_change');
    fire(form, 'check_variations');
    check();
    fire(form, 'woocommerce_variation_has_changed');
  };

  // A shopper's change paints first: the select (or swatch) shows the new value in the interaction's own frame,
  // and what follows from it (options, events, price, image, button) runs right after that paint, so choosing
  // costs the shopper no more than the browser's own select. Changes made by code (`$select.val(x).trigger('change')`,
  // dispatchEvent, a swatch's .click()) are handled at once: scripts read the form's state right after them.
  // Anything that reads or acts on the form's state first (the button, the reset, a submit, another change,
  // check_variations, a reload) applies a pending change before it goes on.
  let cancelPending: (() => void) | undefined;
  const applyPending = () => {
    if (!cancelPending) return;
    cancelPending();
    cancelPending = undefined;
    onChange();
  };
  const changed = (byShopper: boolean) => {
    // Another of the shopper's changes before that paint (a held arrow key on a busy phone): the pending one
    // reads every select when it runs, so only the final choice is worked out.
    if (byShopper && cancelPending) return;
    applyPending();
    if (!byShopper) return onChange();
    cancelPending = afterPaint(() => {
      cancelPending = undefined;
      if (!signal.aborted) onChange();
    });
  };
  ctx.onCleanup(() => cancelPending?.());

  /** A swatch chose a value for its select (`byShopper`: from a click or key of the shopper's). */
  function choose(select: HTMLSelectElement, value: string, byShopper: boolean) {
    if (select.value === value) return;
    // Code's choice: what the shopper chose before it is worked out first (a shopper's own joins the pending one).
    if (!byShopper) applyPending();
    select.value = value;
    nativeChange(select);
    // The swatch's own state is the feedback: it paints with the click.
    if (byShopper) syncSwatches();
    changed(byShopper);
  }

  const reset = () => {
    applyPending();
    for (const select of selects) select.value = '';
    for (const select of selects) nativeChange(select);
    onChange();
    fire(form, 'announce_reset');
    if (resetAlert) inOrder(() => announceIn(resetAlert, texts.i18n_reset_alert_text));
    // WooCommerce's reset triggers reset_data after announce_reset (its handler: reset_image, hide_variation), then reset_focus.
    hideVariation();
    fire(form, 'reset_focus');
    if (selects[0]) inOrder(() => swatches.focusTarget(selects[0]!).focus());
  };

  // --- listeners -----------------------------------------------------------------------------------------------------
  form.addEventListener(
    'change',
    (event) => {
      if (firing.has('change') || !selects.includes(event.target as HTMLSelectElement)) return;
      changed(event.isTrusted);
    },
    { signal },
  );
  const jq = pageJQuery();
  if (jq) {
    // `$select.val(x).trigger('change')` from theme code reaches jQuery handlers only.
    const onJqChange = (event: { originalEvent?: Event; target?: EventTarget }) => {
      if (event.originalEvent || firing.has('change') || !selects.includes(event.target as HTMLSelectElement)) return;
      changed(false);
    };
    try {
      jq(form).on('change.wc-variation-form', onJqChange as never);
      ctx.onCleanup(() => void jq(form).off('change.wc-variation-form', onJqChange as never));
    } catch {
      /* a jQuery stand-in without .on */
    }
  }
  listenLegacy(
    form,
    'check_variations',
    (args) => {
      if (firing.has('check_variations')) return;
      applyPending();
      void loadDisplay();
      const given = args[0] as { data?: Chosen } | undefined;
      check(given && typeof given === 'object' && given.data && typeof given.data === 'object' ? given.data : undefined);
    },
    signal,
  );
  listenLegacy(form, 'reload_product_variations', () => reload(), signal);

  form.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('.reset_variations')) {
        event.preventDefault();
        reset();
        return;
      }
      if (button && target && button.contains(target)) {
        applyPending();
        if (busy) {
          event.preventDefault();
          return;
        }
        if (button.classList.contains('disabled')) {
          event.preventDefault();
          explain(button.classList.contains('wc-variation-is-unavailable') ? 'unavailable' : 'needed');
        }
      }
    },
    { signal },
  );
  form.addEventListener(
    'keydown',
    (event) => {
      // Space on the reset link must act as on a button (Enter already clicks a link).
      if (event.key === ' ' && event.target instanceof Element && event.target.closest('a.reset_variations')) {
        event.preventDefault();
        reset();
      }
    },
    { signal },
  );
  form.addEventListener(
    'submit',
    (event) => {
      applyPending();
      const submitter = (event as SubmitEvent).submitter;
      if (busy || (submitter && submitter === button && buttonState !== 'enabled' && buttonState !== 'unknown')) event.preventDefault();
    },
    { signal },
  );

  function reload() {
    applyPending();
    if (!readData()) return;
    for (const select of selects) {
      const value = select.value;
      select.replaceChildren(...pristine.get(select)!);
      select.value = value;
    }
    fire(form, 'check_variations');
    check();
  }

  // WooCommerce's VariationForm holds jQuery collections in its $ fields: wrapped when the page has jQuery.
  const $ = (x: Element | Element[] | null) => (jq ? jq((x ?? []) as never) : x);
  const variationForm = {
    $form: $(form),
    $attributeFields: $(selects),
    $singleVariation: $(singleVariation),
    $singleVariationWrap: $(wrap),
    $resetVariations: $(resets()),
    $button: $(button),
    get variationData() {
      return useAjax ? false : (index?.variations.map(hydrate) ?? false);
    },
    get useAjax() {
      return useAjax;
    },
    get loading() {
      return loading;
    },
    getChosenAttributes: () => {
      const data = chosenNow();
      return { data, count: names.length, chosenCount: chosenCount(data, names) };
    },
    findMatchingVariations: (variations: Variation[], attributes: Chosen) => buildIndex(variations).matches(attributes),
  };

  liveVariationForms.set(form, { reload });
  ctx.onCleanup(() => {
    liveVariationForms.delete(form);
    request?.abort();
    cancelFill?.();
    cancelSettle?.();
  });
  installJQueryShims();
  toggleReset(chosenCount(chosenNow(), names) > 0);

  // The full check waits for init, but the button must not offer a submit the form cannot honour in the
  // meantime (a busy page can delay that timer well past 100 ms, and the sticky bar mirrors this button).
  // Only the state is set here: no events, no display, no option filtering before init.
  const printed = chosenNow();
  const preselected = isComplete(printed, names);
  // Default attributes: init will show their variation, so display.ts starts loading now.
  if (preselected) void loadDisplay();
  if (!preselected) setButton('needed');
  else if (index) {
    const match = index.match(printed);
    if (!match) setButton('needed');
    else if (match.variation_data_loaded !== false && !isPurchasable(match)) setButton('unavailable');
  }

  // Clicks on swatches made while the data was read, as if made now (a shopper quicker than the page).
  for (const swatch of earlySwatchClicks) if (swatch.isConnected) swatch.click();

  // Init after the gallery (WooCommerce waits 100 ms); no no-match notice during it.
  ctx.timeout(() => {
    fire(form, 'check_variations');
    check();
    fire(form, 'wc_variation_form', [variationForm]);
    loading = false;
  }, 100);
}

export default defineWidget({
  mount(element, ctx) {
    if (element instanceof HTMLFormElement) return mountForm(element, ctx);
  },
});

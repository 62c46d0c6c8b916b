import { islandHost } from '../../src/host';
import { defineWidget, type WidgetContext } from '../../src/widget';
import { cartCallTimeout } from '../../src/cart/config';
import { safeRedirect } from '../../src/cart/logic';
import { pageGlobal, readGlobal, str } from '../../src/config/globals';
import { block, unblock } from '../../src/dom/block';
import { clearCouponError, showCouponError } from '../../src/dom/coupon';
import { moveFocusTo } from '../../src/dom/focus';
import { serializeForm } from '../../src/dom/form';
import { adopt, parseFragment, parsePage } from '../../src/dom/html';
import { NOTICE_SELECTOR, errorNotice, mendNoticeLists, noticeText, noticesFromHtml } from '../../src/dom/notices';
import { fireLegacy, listenLegacy } from '../../src/events/bus';
import { NetError, shopperMessage } from '../../src/net/errors';
import { cartQueue } from '../../src/net/queue';
import { requestText } from '../../src/net/request';
import { wcAjaxHtml } from '../../src/net/wc';
import { CALC_SHIPPING_VALUE, UPDATE_CART_VALUE, cartActionFor, isErrorNoticeHtml, isValidQuantity, shippingMethodFields } from './logic';

interface CartParams {
  update_shipping_method_nonce: string;
  apply_coupon_nonce: string;
  remove_coupon_nonce: string;
}

const readParams = () =>
  readGlobal<CartParams>(
    'wc_cart_params',
    { update_shipping_method_nonce: str(''), apply_coupon_nonce: str(''), remove_coupon_nonce: str('') },
    'cart-page',
  );

const OWNER = 'cart-page';
const fire = (name: string, args: unknown[] = []) => fireLegacy(document.body, name, args, OWNER);
const AVADA_UPDATE = '.fusion-update-cart, a[href="#updateCart"]';
const AVADA_APPLY = '.fusion-apply-coupon';

interface Controller {
  root: HTMLElement;
  pressUpdate(): void;
  applyFromAvada(): void;
  update(preserveNotices: boolean): void;
}

/** Page-wide duties (Avada's links anywhere on the page, `wc_update_cart`) belong to the first cart on the page. */
const controllers: Controller[] = [];
const primary = () => controllers.find((c) => c.root.isConnected);

function calculatorSection(link: Element): HTMLElement | null {
  const id = link.getAttribute('aria-controls');
  const byId = id ? document.getElementById(id) : null;
  return byId ?? link.closest('form, .cart_totals')?.querySelector<HTMLElement>('.shipping-calculator-form') ?? null;
}

function isHidden(el: HTMLElement): boolean {
  return Boolean(el.hidden) || el.style.display === 'none';
}

/** Cart content that looks like a notice (the empty cart's info block) or holds the shopper's own fields. */
const NOT_A_MESSAGE = '.wc-empty-cart-message, .woocommerce-cart-form, .cart_totals, form.checkout';

/** Notices outermost only, and one per text: WooCommerce's cart script shows a repeated message once. */
function distinctNotices(nodes: Iterable<Element>): Element[] {
  const seen = new Set<string>();
  return [...nodes].filter((n) => {
    if (n.closest(NOT_A_MESSAGE) || n.parentElement?.closest(NOTICE_SELECTOR)) return false;
    const text = noticeText(n);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/**
 * Every notice an answer page prints, wherever its theme prints it: Storefront (and WooCommerce's own
 * `woocommerce_output_all_notices` hooked elsewhere) puts them at the top of the content, outside the cart's
 * notices wrapper, which the answer leaves empty.
 */
function answerNotices(doc: ParentNode): Element[] {
  return distinctNotices(doc.querySelectorAll(NOTICE_SELECTOR));
}

function couponFields(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>('#coupon_code, #avada_coupon_code')];
}

const clearCoupon = () => clearCouponError(couponFields());

function toggleCalculator(link: HTMLElement): void {
  const section = calculatorSection(link);
  if (!section) return;
  const open = isHidden(section);
  section.hidden = false;
  section.style.display = open ? '' : 'none';
  link.setAttribute('aria-expanded', String(open));
  // As WooCommerce's cart script: the country and state fields refresh (wc-country-select, which is kept, fills the
  // state field and enhances the now visible selects on these).
  for (const field of document.querySelectorAll('select.country_to_state, input.country_to_state')) fireLegacy(field, 'change', [], OWNER);
  fire('country_to_state_changed');
}

/** Fields a shopper types into (quantities, plugins' per-line text): what an answer must not overwrite. */
const TYPED_FIELDS =
  'input[name]:not([type="hidden"], [type="submit"], [type="button"], [type="image"], [type="reset"], [type="file"], [type="checkbox"], [type="radio"]), textarea[name], select[name]';

/** Each typed field's value by name: what the server was sent, or what it printed. */
function typedValues(form: HTMLFormElement | null, which: 'current' | 'printed'): Map<string, string> {
  const out = new Map<string, string>();
  for (const el of form?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(TYPED_FIELDS) ?? []) {
    const printed =
      el instanceof HTMLSelectElement
        ? ([...el.options].find((o) => o.defaultSelected)?.value ?? el.options[0]?.value ?? '')
        : el.defaultValue;
    out.set(el.name, which === 'current' ? el.value : printed);
  }
  return out;
}

interface SavedFocus {
  id: string;
  name: string;
  value: string;
  wasInside: boolean;
}

function rememberFocus(root: HTMLElement): SavedFocus {
  const active = document.activeElement;
  const el = active instanceof HTMLElement ? active : null;
  return {
    id: el?.id ?? '',
    name: el?.getAttribute('name') ?? '',
    value: el instanceof HTMLInputElement ? el.value : '',
    wasInside: !!el && el !== document.body && root.contains(el),
  };
}

function createController(root: HTMLElement, ctx: WidgetContext): Controller {
  const { signal } = ctx;
  let busy = 0;
  /** An update asked for while a call ran: one is made after it (several collapse into one; it posts the form then). */
  let pendingUpdate: { preserveNotices: boolean } | undefined;
  const ourErrors = new WeakSet<Element>();
  let chosenShipping = new Map<string, string>();

  const form = () => root.querySelector<HTMLFormElement>('form.woocommerce-cart-form');
  const totals = () => root.querySelector<HTMLElement>('.cart_totals');

  function noticesWrapper(): HTMLElement {
    const existing = root.querySelector<HTMLElement>('.woocommerce-notices-wrapper');
    if (existing) return existing;
    const wrapper = document.createElement('div');
    wrapper.className = 'woocommerce-notices-wrapper';
    const anchor = form() ?? root.firstElementChild;
    if (anchor?.parentElement) anchor.parentElement.insertBefore(wrapper, anchor);
    else root.prepend(wrapper);
    return wrapper;
  }

  /**
   * As WooCommerce's cart script, the page's messages go wherever the theme printed them (Storefront's sit above
   * the page, outside this cart): a message the shopper has already acted on must not stay beside the new one.
   */
  function removeNotices(): void {
    for (const n of document.querySelectorAll(NOTICE_SELECTOR)) {
      // The empty-cart block is itself an info notice: it is content, not a message.
      if (!n.closest(NOT_A_MESSAGE)) n.remove();
    }
  }

  /** Into the cart's notices wrapper, each message once: one already on the page (kept by a coupon call) is not repeated. */
  function showNotices(nodes: readonly Element[]): void {
    const shown = new Set([...document.querySelectorAll(NOTICE_SELECTOR)].filter((n) => !n.closest(NOT_A_MESSAGE)).map(noticeText));
    const fresh = nodes.filter((n) => !shown.has(noticeText(n)));
    if (fresh.length) noticesWrapper().prepend(...fresh.map((n) => adopt(n)));
  }

  function showError(message: string): void {
    for (const n of root.querySelectorAll('.woocommerce-error')) if (ourErrors.has(n)) n.remove();
    const notice = errorNotice([message]);
    ourErrors.add(notice);
    noticesWrapper().prepend(notice);
  }

  function clearOurErrors(): void {
    for (const n of root.querySelectorAll('.woocommerce-error')) if (ourErrors.has(n)) n.remove();
  }

  function setUpdateEnabled(enabled: boolean): void {
    for (const b of form()?.querySelectorAll<HTMLButtonElement | HTMLInputElement>('[name="update_cart"]') ?? []) b.disabled = !enabled;
  }

  /** The shipping calculator link is a disclosure: a button to assistive tech, with its state and target. */
  function prepareDisclosures(): void {
    for (const link of root.querySelectorAll<HTMLElement>('.shipping-calculator-button')) {
      const section = calculatorSection(link);
      if (!section) continue;
      if (!section.id) section.id = 'shipping-calculator-form';
      if (link.tagName === 'A') link.setAttribute('role', 'button');
      link.setAttribute('aria-controls', section.id);
      link.setAttribute('aria-expanded', String(!isHidden(section)));
    }
  }

  function snapshotShipping(): void {
    chosenShipping = new Map(chosenMethods().map((c) => [c.index ?? '0', c.value]));
  }

  function chosenMethods(): { index: string | null; value: string; el: HTMLElement }[] {
    const out: { index: string | null; value: string; el: HTMLElement }[] = [];
    for (const el of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      'select.shipping_method, input[name^="shipping_method"][type="radio"]:checked, input[name^="shipping_method"][type="hidden"]',
    )) {
      out.push({ index: el.getAttribute('data-index'), value: el.value, el });
    }
    return out;
  }

  function revertShipping(): void {
    for (const input of root.querySelectorAll<HTMLInputElement>('input.shipping_method[type="radio"]')) {
      const previous = chosenShipping.get(input.getAttribute('data-index') ?? '0');
      if (previous !== undefined) input.checked = input.value === previous;
    }
    for (const select of root.querySelectorAll<HTMLSelectElement>('select.shipping_method')) {
      const previous = chosenShipping.get(select.getAttribute('data-index') ?? '0');
      if (previous !== undefined) select.value = previous;
    }
  }

  function replaceTotals(next: Element): void {
    const current = totals();
    const node = adopt(next);
    if (current) current.replaceWith(node);
    else (root.querySelector('.cart-collaterals') ?? root).appendChild(node);
    islandHost()?.scan(node);
    prepareDisclosures();
    snapshotShipping();
    fire('updated_cart_totals');
  }

  /**
   * Put a whole cart page answer in place, as the classic cart does: the form, the totals and the notices; no form
   * means the cart is now empty. An answer that is neither (a login page, a cached page) changes nothing.
   */
  function applyPage(html: string, preserveNotices: boolean, known?: Map<string, string>): 'updated' | 'emptied' {
    const doc = parsePage(html);
    mendNoticeLists(doc);
    const nextForm = doc.querySelector('form.woocommerce-cart-form');
    const notices = answerNotices(doc);
    if (!nextForm) {
      const empty = doc.querySelector('.wc-empty-cart-message');
      if (!empty) throw new NetError('invalid_response');
      const nextRoot = empty.closest('.woocommerce');
      if (nextRoot && root.matches('.woocommerce')) {
        const node = adopt(nextRoot);
        root.replaceWith(node);
        islandHost()?.scan(node);
      } else {
        const blockEl = adopt(empty);
        const back = doc.querySelector('.return-to-shop');
        form()?.replaceWith(blockEl, ...(back ? [adopt(back)] : []));
        root.querySelector('.cart-collaterals')?.remove();
        if (!preserveNotices) removeNotices();
        showNotices(notices);
        islandHost()?.scan(blockEl);
      }
      fire('wc_cart_emptied');
      // As WooCommerce's update_wc_div, emptied or not: the mini-cart refreshes on it (the header count goes to 0).
      fire('updated_wc_div');
      return 'emptied';
    }
    const current = form();
    if (!current) {
      // The empty cart (an undo after the last item went): the answer's whole block replaces it.
      const nextRoot = nextForm.closest('.woocommerce');
      if (!nextRoot || !root.matches('.woocommerce')) throw new NetError('invalid_response');
      const node = adopt(nextRoot);
      root.replaceWith(node);
      islandHost()?.scan(node);
      fire('updated_wc_div');
      return 'updated';
    }
    if (!preserveNotices) removeNotices();
    clearOurErrors();
    // What the shopper typed that the server has not seen (since the request left, or ever) survives the answer.
    const baseline = known ?? typedValues(current, 'printed');
    const edits = [...typedValues(current, 'current')].filter(([name, value]) => baseline.get(name) !== value);
    // The form element stays (theme code may hold it); its attributes and content are the answer's.
    for (const attr of Array.from(current.attributes))
      if (!nextForm.hasAttribute(attr.name) && attr.name !== 'class') current.removeAttribute(attr.name);
    for (const attr of nextForm.attributes) if (attr.name !== 'class') current.setAttribute(attr.name, attr.value);
    const processing = current.classList.contains('processing');
    current.className = nextForm.className;
    if (processing) current.classList.add('processing');
    const overlay = current.querySelector(':scope > .blockOverlay');
    current.replaceChildren(...[...nextForm.childNodes].map((n) => adopt(n)));
    if (overlay) current.appendChild(overlay);
    islandHost()?.scan(current);
    setUpdateEnabled(restoreEdits(current, edits));
    const nextTotals = doc.querySelector('.cart_totals');
    if (nextTotals) replaceTotals(nextTotals);
    showNotices(notices);
    fire('updated_wc_div');
    return 'updated';
  }

  /** Put unsent edits back into the answer's fields; true when any now differs from what the server printed. */
  function restoreEdits(target: HTMLFormElement, edits: readonly [string, string][]): boolean {
    let unsaved = false;
    for (const [name, value] of edits) {
      const field = target.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="${CSS.escape(name)}"]`);
      if (!field || !field.matches(TYPED_FIELDS)) continue;
      field.value = value;
      if (typedValues(target, 'printed').get(name) !== value) unsaved = true;
    }
    return unsaved;
  }

  function restoreFocus(saved: SavedFocus): void {
    if (!saved.wasInside) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const scope = root.isConnected ? root : document;
    let target: HTMLElement | null = saved.id ? document.getElementById(saved.id) : null;
    if (!target && saved.name) {
      const same = [...scope.querySelectorAll<HTMLElement>(`[name="${CSS.escape(saved.name)}"]`)];
      target = same.find((el) => el instanceof HTMLInputElement && el.type === 'radio' && el.value === saved.value) ?? same[0] ?? null;
    }
    if (target && !(target as HTMLButtonElement).disabled) {
      target.focus({ preventScroll: true });
      return;
    }
    const wrapper = document.querySelector('.woocommerce-notices-wrapper');
    const notice =
      wrapper?.querySelector<HTMLElement>('[role="alert"], [role="status"]') ??
      document.querySelector<HTMLElement>('.wc-empty-cart-message .cart-empty');
    if (notice) {
      moveFocusTo(notice);
      notice.scrollIntoView?.({ block: 'nearest' });
    }
  }

  function blockTargets(): HTMLElement[] {
    const found = [form(), totals()].filter((el): el is HTMLElement => el !== null);
    if (found.length) return found;
    const empty = root.querySelector<HTMLElement>('.wc-empty-cart-message');
    return empty ? [empty] : [];
  }

  /**
   * One cart call at a time. Clicks inside the blocked form and totals cannot happen (the overlay covers them) and
   * are ignored; what arrives from elsewhere (an update link outside the form, a plugin's `wc_update_cart`, Avada's
   * coupon box, a shipping change) is queued through the shop's one cart queue or remembered, never dropped.
   */
  async function run(work: () => Promise<void>, options: { queueIfBusy?: boolean } = {}): Promise<void> {
    if (busy > 0 && !options.queueIfBusy) return;
    busy += 1;
    const saved = rememberFocus(root);
    const targets = blockTargets();
    targets.forEach(block);
    try {
      await cartQueue.run(work);
    } catch (error) {
      if (!signal.aborted) showError(shopperMessage(error));
    } finally {
      targets.forEach(unblock);
      for (const el of blockTargets()) unblock(el);
      busy -= 1;
      restoreFocus(saved);
      if (busy === 0 && pendingUpdate && !signal.aborted) {
        const { preserveNotices } = pendingUpdate;
        pendingUpdate = undefined;
        update(preserveNotices);
      }
    }
  }

  async function postUpdate(preserveNotices: boolean): Promise<void> {
    const f = form();
    if (!f) return;
    const url = safeRedirect(f.getAttribute('action') || location.href, location.href);
    if (!url) throw new NetError('invalid_response');
    const body = serializeForm(f);
    body.delete('update_cart');
    body.set('update_cart', UPDATE_CART_VALUE);
    const sent = typedValues(f, 'current');
    const { text } = await requestText(url, { method: 'POST', body, signal, timeout: cartCallTimeout() });
    applyPage(text, preserveNotices, sent);
  }

  function update(preserveNotices: boolean): void {
    if (busy > 0) {
      // Notices are kept only if every request for this update asked to keep them.
      pendingUpdate = { preserveNotices: (pendingUpdate?.preserveNotices ?? true) && preserveNotices };
      return;
    }
    void run(() => postUpdate(preserveNotices));
  }

  /** The error stays next to the field the shopper typed in, tied to it (and to the core field), focus back in it. */
  function couponError(used: HTMLInputElement | null, message: string): void {
    const core = root.querySelector<HTMLInputElement>('#coupon_code');
    const field = used ?? core;
    const fields = [...new Set([field, core])].filter((f): f is HTMLInputElement => f !== null);
    showCouponError(fields, field?.closest('.coupon') ?? field?.parentElement ?? noticesWrapper(), message);
  }

  function applyCoupon(code: string, used: HTMLInputElement | null): void {
    void run(
      async () => {
        clearCoupon();
        let notices: Element[];
        let html: string;
        try {
          html = await wcAjaxHtml(
            'apply_coupon',
            { security: readParams().apply_coupon_nonce, coupon_code: code },
            { signal, timeout: cartCallTimeout() },
          );
          notices = noticesFromHtml(html);
        } catch (error) {
          if (!signal.aborted) couponError(used, shopperMessage(error));
          return;
        }
        if (isErrorNoticeHtml(html)) {
          const errors = notices.filter((n) => n.matches('.woocommerce-error, .is-error'));
          couponError(used, errors.map(noticeText).join(' ') || noticeText(notices[0]!));
          return;
        }
        removeNotices();
        showNotices(notices);
        for (const field of couponFields()) field.value = '';
        fire('applied_coupon', [code]);
        await postUpdate(true);
      },
      { queueIfBusy: true },
    );
  }

  function removeCoupon(code: string): void {
    void run(async () => {
      const html = await wcAjaxHtml(
        'remove_coupon',
        { security: readParams().remove_coupon_nonce, coupon: code },
        { signal, timeout: cartCallTimeout() },
      );
      const notices = noticesFromHtml(html);
      removeNotices();
      showNotices(notices);
      if (!isErrorNoticeHtml(html)) fire('removed_coupon', [code]);
      await postUpdate(true);
    });
  }

  function changeShipping(): void {
    void run(
      async () => {
        const body = { security: readParams().update_shipping_method_nonce, ...shippingMethodFields(chosenMethods()) };
        try {
          const html = await wcAjaxHtml('update_shipping_method', body, { signal, timeout: cartCallTimeout() });
          const fragment = parseFragment(html);
          const next = fragment.querySelector('.cart_totals');
          if (!next) throw new NetError('invalid_response');
          clearOurErrors();
          replaceTotals(next);
          fire('updated_shipping_method');
        } catch (error) {
          // The server did not take the new method: show the one it still has, so the total stays true.
          revertShipping();
          throw error;
        }
      },
      { queueIfBusy: true },
    );
  }

  function followLink(link: HTMLAnchorElement, kind: 'remove' | 'restore'): boolean {
    const url = safeRedirect(link.getAttribute('href'), location.href);
    if (!url) return false;
    void run(async () => {
      const { text } = await requestText(url, { signal, timeout: cartCallTimeout() });
      applyPage(text, false);
      if (kind === 'remove') fire('item_removed_from_classic_cart');
    });
    return true;
  }

  function submitCalculator(calc: HTMLFormElement): boolean {
    const url = safeRedirect(calc.getAttribute('action') || location.href, location.href);
    if (!url) return false;
    const body = serializeForm(calc);
    body.delete('calc_shipping');
    body.set('calc_shipping', CALC_SHIPPING_VALUE);
    void run(async () => {
      const { text } = await requestText(url, {
        method: (calc.getAttribute('method') ?? 'post').toUpperCase() === 'GET' ? 'GET' : 'POST',
        body,
        signal,
        timeout: cartCallTimeout(),
      });
      applyPage(text, false);
    });
    return true;
  }

  function pressUpdate(): void {
    const button = form()?.querySelector<HTMLButtonElement | HTMLInputElement>('[name="update_cart"]');
    if (!button || button.disabled) return;
    update(false);
  }

  function applyFromAvada(): void {
    const avada = document.querySelector<HTMLInputElement>('#avada_coupon_code');
    const core = root.querySelector<HTMLInputElement>('#coupon_code');
    const code = avada?.value ?? core?.value ?? '';
    if (core) core.value = code;
    applyCoupon(code, avada ?? core);
  }

  // --- listeners ---------------------------------------------------------------------------------------------

  root.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || event.defaultPrevented) return;
      const removeLink = target.closest<HTMLAnchorElement>('.product-remove > a, .cart_item a.remove');
      const restoreLink = target.closest<HTMLAnchorElement>('a.restore-item');
      const couponLink = target.closest<HTMLAnchorElement>('a.woocommerce-remove-coupon');
      const calcButton = target.closest<HTMLElement>('.shipping-calculator-button');
      if (removeLink || restoreLink) {
        if (busy > 0) event.preventDefault();
        else if (followLink((removeLink ?? restoreLink)!, removeLink ? 'remove' : 'restore')) event.preventDefault();
      } else if (couponLink) {
        const code = couponLink.getAttribute('data-coupon');
        if (code === null) return; // no code to send: the link's own URL removes it
        event.preventDefault();
        removeCoupon(code);
      } else if (calcButton) {
        event.preventDefault();
        toggleCalculator(calcButton);
      }
    },
    { signal },
  );

  root.addEventListener(
    'keydown',
    (event) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!target) return;
      if (event.key === ' ' && target.matches('a[role="button"]')) {
        // Links acting as buttons answer Space as buttons do.
        event.preventDefault();
        target.click();
        return;
      }
      if (event.key !== 'Enter' || event.isComposing) return;
      if (target.matches('.woocommerce-cart-form input.qty')) {
        event.preventDefault();
        const qty = target as HTMLInputElement;
        if (!isValidQuantity(qty.value, qty.getAttribute('min'), qty.getAttribute('max'), qty.getAttribute('step'))) {
          // The browser explains the constraint it knows; we just do not send a quantity the server would refuse.
          qty.reportValidity();
          return;
        }
        update(false);
      } else if (target.matches('.woocommerce-cart-form #coupon_code')) {
        event.preventDefault();
        applyCoupon((target as HTMLInputElement).value, target as HTMLInputElement);
      }
    },
    { signal },
  );

  const onEdit = (type: 'input' | 'change', eventTarget: EventTarget | null) => {
    const target = eventTarget instanceof Element ? eventTarget : null;
    if (!target || !root.contains(target)) return;
    if (target.closest('.woocommerce-cart-form .cart_item')) setUpdateEnabled(true);
    if (type === 'input' && target.matches('#coupon_code, #avada_coupon_code') && target.classList.contains('has-error')) clearCoupon();
    if (type === 'change' && target.matches('select.shipping_method, input[name^="shipping_method"]')) changeShipping();
  };
  root.addEventListener('input', (event) => onEdit('input', event.target), { signal });
  // `change` through the page's jQuery when there is one (it also sees native changes): Avada's quantity
  // buttons and enhanced selects trigger theirs through jQuery only, as WooCommerce's cart script listens.
  listenLegacy(root, 'change', (_args, _event, target) => onEdit('change', target), signal, OWNER);

  root.addEventListener(
    'submit',
    (event) => {
      const formEl = event.target instanceof HTMLFormElement ? event.target : null;
      if (!formEl) return;
      if (formEl.matches('form.woocommerce-shipping-calculator')) {
        if (busy > 0 || submitCalculator(formEl)) event.preventDefault();
        return;
      }
      if (!formEl.matches('form.woocommerce-cart-form')) return;
      const submitter = (event as SubmitEvent).submitter ?? null;
      const active =
        document.activeElement instanceof HTMLElement && formEl.contains(document.activeElement) ? document.activeElement : null;
      const focused =
        active && active !== submitter
          ? { name: active.getAttribute('name'), id: active.id || null, isQty: active.matches('input.qty') }
          : null;
      const action = cartActionFor(submitter?.getAttribute('name') ?? null, focused);
      if (action === 'native') return;
      event.preventDefault();
      if (action === 'update') update(false);
      else
        applyCoupon(
          root.querySelector<HTMLInputElement>('#coupon_code')?.value ?? '',
          root.querySelector<HTMLInputElement>('#coupon_code'),
        );
    },
    { signal },
  );

  setUpdateEnabled(false);
  prepareDisclosures();
  snapshotShipping();
  return { root, pressUpdate, applyFromAvada, update };
}

function activate(event: Event, target: Element): void {
  const owner = primary();
  if (!owner) return;
  if (target.closest(AVADA_UPDATE)) {
    event.preventDefault();
    owner.pressUpdate();
  } else if (target.closest(AVADA_APPLY)) {
    event.preventDefault();
    owner.applyFromAvada();
  }
}

let documentListeners: AbortController | undefined;

/** Avada's cart links may sit anywhere on the page; `wc_update_cart` comes from theme and plugin code. */
function ensureDocumentListeners(): void {
  if (documentListeners) return;
  documentListeners = new AbortController();
  const { signal } = documentListeners;
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && !event.defaultPrevented) activate(event, event.target);
    },
    { signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const t = event.target instanceof Element ? event.target : null;
      if (event.key === ' ' && t?.matches(`a${AVADA_APPLY}, ${AVADA_UPDATE}`)) activate(event, t);
    },
    { signal },
  );
  listenLegacy(
    document.body,
    'wc_update_cart',
    (args) => primary()?.update(args[0] === true || args[0] === 'true' || args[0] === 1),
    signal,
    OWNER,
  );
}

export default defineWidget({
  mount(element, ctx) {
    // WooCommerce's cart script does nothing without its settings; the page's forms and links keep working.
    if (pageGlobal('wc_cart_params') === undefined) return;
    const root = (element.closest('.woocommerce') ?? element.parentElement ?? document.body) as HTMLElement;
    if (controllers.some((c) => c.root === root)) return;
    const controller = createController(root, ctx);
    controllers.push(controller);
    ensureDocumentListeners();
    ctx.onCleanup(() => {
      controllers.splice(controllers.indexOf(controller), 1);
      if (!controllers.length) {
        documentListeners?.abort();
        documentListeners = undefined;
      }
    });
  },
});

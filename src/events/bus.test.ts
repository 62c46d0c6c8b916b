import { describe, expect, it, vi } from 'vitest';
import { askLegacy, fireLegacy, fireNative, listenLegacy } from './bus';

/** A jQuery stand-in recording what reaches it, with jQuery's handler signature. */
function fakeJQuery() {
  const calls: { method: string; target: unknown; name: string; args: unknown[] }[] = [];
  const handlers = new Map<string, ((e: object, ...a: unknown[]) => unknown)[]>();
  const jq = Object.assign(
    (target: unknown) => ({
      target,
      trigger(name: string, args: unknown[] = []) {
        calls.push({ method: 'trigger', target, name, args });
        for (const h of handlers.get(name) ?? []) h({}, ...args);
        return this;
      },
      triggerHandler(name: string, args: unknown[] = []) {
        calls.push({ method: 'triggerHandler', target, name, args });
        let result: unknown;
        for (const h of handlers.get(name) ?? []) result = h({}, ...args);
        return result;
      },
      on(name: string, h: (e: object, ...a: unknown[]) => unknown) {
        handlers.set(name, [...(handlers.get(name) ?? []), h]);
        return this;
      },
      off(name: string, h: (e: object, ...a: unknown[]) => unknown) {
        handlers.set(
          name,
          (handlers.get(name) ?? []).filter((x) => x !== h),
        );
        return this;
      },
    }),
    { fn: {} },
  );
  return { jq, calls };
}

describe('the event rule', () => {
  it('without jQuery fires a bubbling native CustomEvent whose detail is the argument list', () => {
    const seen = vi.fn();
    document.body.addEventListener('added_to_cart', (e) => seen((e as CustomEvent).detail));
    fireLegacy(document.body, 'added_to_cart', [{ a: 1 }, 'hash']);
    expect(seen).toHaveBeenCalledWith([{ a: 1 }, 'hash']);
  });

  it('with jQuery fires through jQuery only, wrapping elements, and no native event of the same name', () => {
    const { jq, calls } = fakeJQuery();
    (window as unknown as { jQuery: unknown }).jQuery = jq;
    const native = vi.fn();
    document.body.addEventListener('adding_to_cart', native);
    const button = document.createElement('a');
    fireLegacy(document.body, 'adding_to_cart', [button, { product_id: '318' }]);
    expect(native).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'trigger', target: document.body, name: 'adding_to_cart' });
    expect((calls[0]!.args[0] as { target: unknown }).target).toBe(button);
    expect(calls[0]?.args[1]).toEqual({ product_id: '318' });
  });

  it('asks through triggerHandler with jQuery (false cancels) and through preventDefault without', () => {
    expect(askLegacy(document.body, 'should_send_ajax_request.adding_to_cart', [])).toBe(true);
    document.body.addEventListener('checkout_place_order', (e) => e.preventDefault(), { once: true });
    expect(askLegacy(document.body, 'checkout_place_order', [])).toBe(false);
    const { jq } = fakeJQuery();
    (window as unknown as { jQuery: unknown }).jQuery = jq;
    jq(document.body).on('checkout_place_order', () => false);
    expect(askLegacy(document.body, 'checkout_place_order', [])).toBe(false);
  });

  it('listens through jQuery when present, natively otherwise, with the arguments', () => {
    const got: unknown[][] = [];
    const off = listenLegacy(document.body, 'wc_fragment_refresh', (args) => got.push(args));
    document.body.dispatchEvent(new CustomEvent('wc_fragment_refresh', { detail: ['x'] }));
    off();
    document.body.dispatchEvent(new CustomEvent('wc_fragment_refresh', { detail: ['y'] }));
    const { jq } = fakeJQuery();
    (window as unknown as { jQuery: unknown }).jQuery = jq;
    listenLegacy(document.body, 'added_to_cart', (args) => got.push(args));
    jq(document.body).trigger('added_to_cart', [{ f: 1 }, 'h']);
    expect(got).toEqual([['x'], [{ f: 1 }, 'h']]);
  });

  it('fires Contact Form 7 events natively even with jQuery on the page', () => {
    const { jq, calls } = fakeJQuery();
    (window as unknown as { jQuery: unknown }).jQuery = jq;
    const seen = vi.fn();
    document.addEventListener('wpcf7mailsent', (e) => seen((e as CustomEvent).detail));
    fireNative(document.body, 'wpcf7mailsent', { contactFormId: 7 });
    expect(seen).toHaveBeenCalledWith({ contactFormId: 7 });
    expect(calls).toHaveLength(0);
  });

  describe('theme and plugin handlers that throw', () => {
    const boom = () => {
      throw new Error('theme bug');
    };

    it('through jQuery: fire and ask carry on, logged once under the widget and the event', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { jq } = fakeJQuery();
      (window as unknown as { jQuery: unknown }).jQuery = jq;
      jq(document.body).on('wc_fragments_loaded', boom);
      jq(document.body).on('checkout_place_order', boom);
      expect(() => fireLegacy(document.body, 'wc_fragments_loaded', [], 'mini-cart')).not.toThrow();
      expect(() => fireLegacy(document.body, 'wc_fragments_loaded', [], 'mini-cart')).not.toThrow();
      // A throw is not a "no": WooCommerce would have stopped dead, leaving a button that does nothing.
      expect(askLegacy(document.body, 'checkout_place_order', [], 'checkout')).toBe(true);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0]![0])).toBe(
        '[storefront-islands] mini-cart: wc_fragments_loaded: a handler threw (ignored, we carry on): Error: theme bug',
      );
      expect(String(warn.mock.calls[1]![0])).toContain('checkout: checkout_place_order: a handler threw');
    });

    it('without jQuery: a throwing native listener never reaches our flow', () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const form = document.body.appendChild(document.createElement('form'));
      form.addEventListener('checkout_place_order', boom);
      expect(() => fireLegacy(form, 'checkout_place_order', [])).not.toThrow();
      expect(askLegacy(form, 'checkout_place_order', [])).toBe(true);
    });

    it('our listener throwing never throws into the theme’s trigger(), and later handlers still run', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { jq } = fakeJQuery();
      (window as unknown as { jQuery: unknown }).jQuery = jq;
      listenLegacy(document.body, 'wc_update_cart', boom, undefined, 'cart-page');
      const after = vi.fn();
      jq(document.body).on('wc_update_cart', after);
      expect(() => jq(document.body).trigger('wc_update_cart', [true])).not.toThrow();
      expect(after).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('cart-page: wc_update_cart: a handler threw');
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  centred,
  cssColour,
  failureMessage,
  scriptNumber,
  finalWidth,
  lightCloseButton,
  MESSAGES,
  parseProductId,
  parseSize,
  planPieces,
  previewBox,
  readAnswer,
  requestBody,
  resizedWidth,
  reviewHref,
  scriptVar,
  timeline,
  zoomFrames,
} from './logic';

describe('quick view rules', () => {
  it('posts the action, the nonce and the product id', () => {
    expect(requestBody('6f1c2a9b3e', '318')).toEqual({ action: 'fusion_quick_view_load', nonce: '6f1c2a9b3e', product: '318' });
  });

  it('accepts only positive integer product ids and positive sizes', () => {
    expect(parseProductId('318')).toBe('318');
    expect(parseProductId(' 512 ')).toBe('512');
    for (const bad of [null, '', '0', '-3', '31a', '3.5', '{{id}}']) expect(parseProductId(bad)).toBeUndefined();
    expect(parseSize('600')).toBe(600);
    expect(parseSize(' 600px ')).toBe(600);
    expect(parseSize('450.5PX')).toBe(450.5);
    for (const bad of [null, '', '0', '-1', 'auto', '1e9', 'px', '600em']) expect(parseSize(bad)).toBeUndefined();
  });

  it('reads a quoted variable from an inline script without running it', () => {
    expect(scriptVar("var quickViewNonce = '6f1c2a9b3e';", 'quickViewNonce')).toBe('6f1c2a9b3e');
    expect(scriptVar('var productQuickViewSingleURL = "https:\\/\\/shop.example\\/product\\/tote\\/";', 'productQuickViewSingleURL')).toBe(
      'https://shop.example/product/tote/',
    );
    expect(scriptVar("var otherNonce = 'x';", 'quickViewNonce')).toBeUndefined();
    expect(scriptVar('var quickViewNonce = 42;', 'quickViewNonce')).toBeUndefined();
  });

  it("reads the answer's background colour and its lightness; only a colour goes into a style", () => {
    const script = "var productBackgroundColor = '#1a1a2e'; var productBackgroundColorLightness = 12;";
    expect(scriptVar(script, 'productBackgroundColor')).toBe('#1a1a2e');
    expect(scriptNumber(script, 'productBackgroundColorLightness')).toBe(12);
    expect(scriptNumber("var productBackgroundColorLightness = '47.5';", 'productBackgroundColorLightness')).toBe(47.5);
    expect(scriptNumber("var productBackgroundColorLightness = 'dark';", 'productBackgroundColorLightness')).toBeUndefined();
    for (const ok of ['#fff', '#1a1a2eff', 'rgb(10, 20, 30)', 'hsla(0 0% 10% / .5)', 'white']) expect(cssColour(ok)).toBe(ok);
    for (const bad of ['', 'red;background-image:url(x)', 'url(x)', 'expression(alert(1))']) expect(cssColour(bad)).toBeUndefined();
  });

  it('sizes the preview: 400 px, 500 for wide images, 300 for tall ones, height by the ratio', () => {
    expect(previewBox({ width: 600, height: 600 })).toEqual({ width: 400, height: 400 });
    expect(previewBox({ width: 600, height: 720 })).toEqual({ width: 400, height: 480 });
    expect(previewBox({ width: 1800, height: 1000 })).toEqual({ width: 500, height: 278 });
    expect(previewBox({ width: 1770, height: 1000 })).toEqual({ width: 400, height: 226 });
    expect(previewBox({ width: 500, height: 1000 })).toEqual({ width: 300, height: 600 });
    expect(previewBox(undefined)).toEqual({ width: 400, height: 400 });
    expect(previewBox({ width: 0, height: 10 })).toEqual({ width: 400, height: 400 });
  });

  it('widens to preview + 500, or the window − 20 when less than 500 px would remain', () => {
    expect(finalWidth(400, 1280)).toBe(900);
    expect(finalWidth(500, 1280)).toBe(1000);
    expect(finalWidth(400, 899)).toBe(879);
    // 500 px remain or more: preview + 500 exactly, even where that leaves less than 10 px at each side.
    expect(finalWidth(400, 900)).toBe(900);
    expect(finalWidth(400, 910)).toBe(900);
    expect(finalWidth(400, 375)).toBe(355);
    expect(resizedWidth(400, 1280)).toBe(900);
    expect(resizedWidth(400, 700)).toBe(680);
  });

  it('centres a box in the viewport, never above 10 px from the top', () => {
    expect(centred({ width: 900, height: 400 }, { width: 1280, height: 800 })).toEqual({ left: 190, top: 200 });
    expect(centred({ width: 355, height: 900 }, { width: 375, height: 667 })).toEqual({ left: 10, top: 10 });
  });

  it('uses the light close button on dark backgrounds', () => {
    expect(lightCloseButton(20)).toBe(true);
    expect(lightCloseButton(40)).toBe(false);
    expect(lightCloseButton(undefined)).toBe(false);
  });

  it("keeps Avada's timings, and makes every step immediate under reduced motion", () => {
    const t = timeline(false);
    expect([t.containerFade, t.overlayFade, t.centreAt, t.centre, t.widenAt, t.widen, t.closeButtonAt, t.closeButtonFade]).toEqual([
      200, 400, 200, 800, 1000, 600, 1600, 300,
    ]);
    expect([
      t.insertAfter,
      t.summaryFade,
      t.initAfter,
      t.detailsAfter,
      t.displayedAfter,
      t.previewFade,
      t.closeShrink,
      t.overlayFadeOut,
    ]).toEqual([400, 500, 400, 700, 900, 400, 300, 400]);
    const r = timeline(true);
    expect([
      r.centreAt,
      r.centre,
      r.widenAt,
      r.widen,
      r.closeButtonAt,
      r.insertAfter,
      r.detailsAfter,
      r.displayedAfter,
      r.closeShrink,
      r.overlayFadeOut,
    ]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('tells the product HTML from a refused nonce and from answers that are not a quick view', () => {
    expect(readAnswer('  <div class="product type-product"><div class="summary"></div></div>')).toEqual({
      ok: true,
      html: '<div class="product type-product"><div class="summary"></div></div>',
    });
    expect(readAnswer('-1')).toEqual({ ok: false, reason: 'nonce' });
    expect(readAnswer('0')).toEqual({ ok: false, reason: 'nonce' });
    for (const bad of [
      '',
      '{"success":false}',
      '<!DOCTYPE html><html><body class="product">Cached page</body></html>',
      '<p>Notice: something</p>',
      'product',
    ]) {
      expect(readAnswer(bad)).toEqual({ ok: false, reason: 'not-html' });
    }
  });

  it('says what went wrong in words a shopper can act on', () => {
    expect(failureMessage({ code: 'http', status: 403 })).toBe(MESSAGES.nonce);
    expect(failureMessage({ code: 'http', status: 500 })).toBe(MESSAGES.http);
    expect(failureMessage({ code: 'fetch_error' })).toBe('You are probably offline.');
    expect(failureMessage({ code: 'timeout' })).toBe(MESSAGES.timeout);
    expect(failureMessage({ reason: 'not-html' })).toBe(MESSAGES['not-html']);
  });

  it("points the review link at the product page's reviews", () => {
    expect(reviewHref('https://shop.example/product/tote/', '#reviews')).toBe('https://shop.example/product/tote/#reviews');
    expect(reviewHref('https://shop.example/product/tote/#x', '#tab-reviews')).toBe('https://shop.example/product/tote/#tab-reviews');
    expect(reviewHref('https://shop.example/product/tote/', null)).toBe('https://shop.example/product/tote/#reviews');
  });

  it("zooms from the card's box by a transform about the centre, and widens by moving the box and growing its surface", () => {
    // The card's 300×360 image at (100, 50) to the centred 400×480 preview at (440, 160): centres 250,230 → 640,400.
    expect(zoomFrames({ left: 100, top: 50, width: 300, height: 360 }, { left: 440, top: 160, width: 400, height: 480 }, false)).toEqual({
      container: ['translate(-390px, -170px) scale(0.75, 0.75)', 'none'],
    });
    // 400 → 900 wide, re-centred: the box starts 250 px to the right, its surface at 4/9 of its width.
    expect(zoomFrames({ left: 440, top: 160, width: 400, height: 480 }, { left: 190, top: 160, width: 900, height: 480 }, true)).toEqual({
      container: ['translate(250px, 0px)', 'none'],
      surface: ['scale(0.444, 1)', 'none'],
    });
    // A box with no size yet does not divide by zero.
    expect(zoomFrames({ left: 0, top: 0, width: 10, height: 10 }, { left: 0, top: 0, width: 0, height: 0 }, false).container[0]).toBe(
      'translate(5px, 5px) scale(1, 1)',
    );
  });
});

describe('planPieces', () => {
  interface N {
    name: string;
    weight: number;
    split?: N[];
  }
  const tree = { split: (n: N) => n.split, weight: (n: N) => n.weight };
  const names = (pieces: ReturnType<typeof planPieces<N>>) =>
    pieces.map((piece) => piece.map(({ node, parent, shell }) => `${parent?.name ?? '·'}>${node.name}${shell ? '[]' : ''}`));

  it('puts a split container in first as an empty shell, then its children in document order, grouped up to the limit', () => {
    const gallery = { name: 'gallery', weight: 10 };
    const title = { name: 'title', weight: 1 };
    const price = { name: 'price', weight: 3 };
    const form = { name: 'form', weight: 12 };
    const summary = { name: 'summary', weight: 1, split: [title, price, form] };
    const product = { name: 'product', weight: 30, split: [gallery, summary] };
    expect(names(planPieces<N>([product], tree, 16))).toEqual([
      ['·>product[]', 'product>gallery', 'product>summary[]', 'summary>title', 'summary>price'],
      ['summary>form'],
    ]);
  });

  it('gives a node larger than the limit a piece of its own, and text goes with the piece before it', () => {
    const big = { name: 'big', weight: 40 };
    const text = { name: '#text', weight: 0 };
    const small = { name: 'small', weight: 2 };
    expect(names(planPieces<N>([small, big, text, small], tree, 24))).toEqual([['·>small'], ['·>big', '·>#text'], ['·>small']]);
  });

  it('plans nothing for an empty answer', () => {
    expect(planPieces<N>([], tree)).toEqual([]);
  });
});

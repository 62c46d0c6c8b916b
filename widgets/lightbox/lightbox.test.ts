import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPage, only } from '../../test/helpers/mount';
import { resetLogMemory } from '../../src/log';
import { fakeMedia } from '../../test/helpers/media';

const MARKUP = `<article class="post type-post"><div class="post-content">
  <p><a id="post-1" href="/wp-content/uploads/bench-1600x1067.jpg"><img src="/wp-content/uploads/bench-600x400.jpg" alt="The bench" width="600" height="400"></a></p>
  <p><a id="about" href="/about/">About</a></p>
  <p><a id="to-comments" href="#comments"><img src="/wp-content/uploads/speech.png" alt="Comments" width="20" height="20"></a></p>
  <div id="comments"><p>No comments yet.</p></div>
  <figure class="gallery-item"><a id="g1" href="/wp-content/uploads/a-1500x1000.jpg" data-rel="iLightbox[gallery-7]"><img src="/a.jpg" alt="Canvas" width="300" height="200"></a><figcaption class="gallery-caption">Waxed canvas</figcaption></figure>
  <figure class="gallery-item"><a id="g2" href="/wp-content/uploads/b-1500x1000.jpg" data-rel="iLightbox[gallery-7]"><img src="/b.jpg" alt="Rivets" width="300" height="200"></a></figure>
  <a id="page-link" href="/visit-us/" data-rel="iLightbox">Visit us</a>
  <a id="odd" href="/wp-content/uploads/c.jpg" class="fusion-lightbox-link" data-type="gallery">Odd type</a>
</div></article>`;

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.sf-ilightbox');
function click(el: Element, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  el.dispatchEvent(event);
  return event;
}

describe('lightbox widget (happy-dom: our contract; the real dialog is tested in Chromium)', () => {
  let showModal: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    history.replaceState(null, '', '/journal/inside/');
    showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
  });
  afterEach(() => {
    delete (window as { fusionLightboxVars?: unknown }).fusionLightboxVars;
    document.querySelectorAll('dialog').forEach((d) => d.remove());
    resetLogMemory();
  });

  it('applies the target rule: a target that is not media gets fusion-no-lightbox and loses data-rel', async () => {
    await mountPage(MARKUP, only('lightbox'));
    const page = document.getElementById('page-link')!;
    expect(page.classList.contains('fusion-no-lightbox')).toBe(true);
    expect(page.hasAttribute('data-rel')).toBe(false);
    expect(document.getElementById('g1')!.classList.contains('fusion-no-lightbox')).toBe(false);
    // Ordinary links in a post are not targets and are left alone.
    expect(document.getElementById('about')!.className).toBe('');
    expect(click(page).defaultPrevented).toBe(false);
  });

  it('opens the dialog in the click itself, with a loading state, the item texts and a deep link', async () => {
    await mountPage(MARKUP, only('lightbox'));
    const event = click(document.getElementById('g2')!);
    expect(event.defaultPrevented).toBe(true);
    expect(showModal).toHaveBeenCalledTimes(1);
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(d.querySelector('#sf-ilightbox-title')!.textContent).toBe('Rivets');
    expect(d.querySelector('.sf-ilightbox__loading')!.hasAttribute('hidden')).toBe(false);
    expect(d.querySelector('.sf-ilightbox__counter')!.textContent).toBe('2 / 2');
    expect(document.activeElement).toBe(d.querySelector('.ilightbox-close'));
    expect(decodeURIComponent(location.hash)).toBe('#iLightbox[gallery-7]/1');
    // Two items: no looping, next is disabled on the last one.
    expect(d.querySelector('.ilightbox-next-button')!.getAttribute('aria-disabled')).toBe('true');

    d.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(d.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(document.getElementById('g2'));
  });

  it('a group shows its thumbnails as buttons (the current one aria-current); a click on one goes to it', async () => {
    await mountPage(MARKUP, only('lightbox'));
    click(document.getElementById('g1')!);
    const d = dialog()!;
    const strip = d.querySelector<HTMLElement>('.sf-ilightbox__thumbs')!;
    expect(strip.hidden).toBe(false);
    const thumbs = [...strip.querySelectorAll('button')];
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual(['1 of 2: Canvas', '2 of 2: Rivets']);
    expect(thumbs.map((b) => b.querySelector('img')!.getAttribute('src'))).toEqual(['/a.jpg', '/b.jpg']);
    expect(thumbs.map((b) => b.getAttribute('aria-current'))).toEqual(['true', null]);
    click(thumbs[1]!.querySelector('img')!);
    expect(d.querySelector('#sf-ilightbox-title')!.textContent).toBe('Rivets');
    expect(thumbs.map((b) => b.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(decodeURIComponent(location.hash)).toBe('#iLightbox[gallery-7]/1');
    d.dispatchEvent(new Event('cancel', { cancelable: true }));
    // A single has none.
    click(document.getElementById('odd')!);
    expect(strip.hidden).toBe(true);
    expect(strip.children).toHaveLength(0);
  });

  it('lightbox_animation_speed also times the controls fading when idle and back (slow: 800 ms; none under reduced motion)', async () => {
    (window as { fusionLightboxVars?: unknown }).fusionLightboxVars = { lightbox_animation_speed: 'slow' };
    await mountPage(MARKUP, only('lightbox'));
    click(document.getElementById('g2')!);
    expect(dialog()!.style.getPropertyValue('--sf-ilightbox-speed')).toBe('800ms');
    expect([...document.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n')).toMatch(
      /\.sf-ilightbox__toolbar[^{]*\{\s*transition:\s*opacity var\(--sf-ilightbox-speed/,
    );
  });

  it('lightbox_animation_speed under reduced motion: the controls appear and hide at once', async () => {
    const media = fakeMedia(1280, { reducedMotion: true });
    try {
      (window as { fusionLightboxVars?: unknown }).fusionLightboxVars = { lightbox_animation_speed: 'slow' };
      await mountPage(MARKUP, only('lightbox'));
      click(document.getElementById('g2')!);
      expect(dialog()!.style.getPropertyValue('--sf-ilightbox-speed')).toBe('0ms');
    } finally {
      media.restore();
    }
  });

  it("share links (lightbox_social): the item's URL encoded into each, a new tab, garbage entries warned once and left out", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    (window as { fusionLightboxVars?: unknown }).fusionLightboxVars = {
      lightbox_social: '1',
      lightbox_social_links: {
        facebook: { source: 'https://www.facebook.com/sharer.php?u={URL}', text: 'Share on Facebook' },
        bad: { source: 'javascript:void({URL})', text: 'Bad' },
      },
    };
    await mountPage(MARKUP, only('lightbox'));
    click(document.getElementById('g2')!);
    const links = [...dialog()!.querySelectorAll<HTMLAnchorElement>('.sf-ilightbox__social a')];
    expect(links).toHaveLength(1);
    expect(links[0]!.textContent).toBe('Share on Facebook (opens in a new tab)');
    expect(links[0]!.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer.php?u=${encodeURIComponent(`${location.origin}/wp-content/uploads/b-1500x1000.jpg`)}`,
    );
    expect(links[0]!.target).toBe('_blank');
    expect(links[0]!.rel).toBe('noopener noreferrer');
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('lightbox_social_links.bad'))).toHaveLength(1);
    // Moving updates the shared URL.
    click(dialog()!.querySelector('.ilightbox-prev-button')!);
    expect(links[0]!.getAttribute('href')).toContain(encodeURIComponent('/wp-content/uploads/a-1500x1000.jpg'));
  });

  it('a post-content image link to an in-page anchor is not taken: the anchor stays where it is', async () => {
    await mountPage(MARKUP, only('lightbox'));
    const comments = document.getElementById('comments')!;
    const parent = comments.parentElement;
    expect(click(document.querySelector('#to-comments img')!).defaultPrevented).toBe(false);
    expect(dialog()?.open ?? false).toBe(false);
    expect(comments.parentElement).toBe(parent);
  });

  it('post images form their own group', async () => {
    await mountPage(MARKUP, only('lightbox'));
    expect(click(document.querySelector('#post-1 img')!).defaultPrevented).toBe(true);
    expect(dialog()!.querySelector('#sf-ilightbox-title')!.textContent).toBe('The bench');
    expect(decodeURIComponent(location.hash)).toBe('#iLightbox[postimages]/0');
  });

  it('leaves new-tab clicks and switched-off lightboxes to the browser', async () => {
    await mountPage(MARKUP, only('lightbox'));
    expect(click(document.getElementById('g1')!, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(document.getElementById('g1')!, { button: 1 }).defaultPrevented).toBe(false);
    expect(showModal).not.toHaveBeenCalled();
  });

  it('handles targets inserted later through the one document listener', async () => {
    await mountPage(MARKUP, only('lightbox'));
    const later = Object.assign(document.createElement('a'), {
      href: '/wp-content/uploads/later.png',
      className: 'lightbox-link',
      title: 'Later',
    });
    document.body.append(later);
    expect(click(later).defaultPrevented).toBe(true);
    expect(dialog()!.querySelector('#sf-ilightbox-title')!.textContent).toBe('Later');
  });

  it('an unknown data-type: one warning naming the widget and the field; the URL decides', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountPage(MARKUP, only('lightbox'));
    click(document.getElementById('odd')!);
    click(document.getElementById('odd')!);
    expect(warn.mock.calls.filter((c) => /lightbox: data-type/.test(String(c[0])))).toHaveLength(1);
    expect(dialog()!.hasAttribute('open')).toBe(true);
  });
});

describe('lightbox widget: status_lightbox off', () => {
  afterEach(() => {
    delete (window as { fusionLightboxVars?: unknown }).fusionLightboxVars;
  });
  it('leaves every link a plain link', async () => {
    vi.resetModules();
    (window as { fusionLightboxVars?: unknown }).fusionLightboxVars = { status_lightbox: '0' };
    const { registry } = await import('../../mount/registry');
    const { createRuntime } = await import('../../mount/runtime');
    document.body.innerHTML = MARKUP;
    const runtime = createRuntime(registry.filter((e) => e.name === 'lightbox'));
    runtime.scan(document);
    await runtime.settled();
    expect(click(document.getElementById('g1')!).defaultPrevented).toBe(false);
    expect(document.getElementById('page-link')!.classList.contains('fusion-no-lightbox')).toBe(false);
    runtime.unmount(document);
    runtime.stop();
  });
});

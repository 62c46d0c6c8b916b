import { defineWidget, type WidgetContext } from '../../src/widget';
import { env } from '../../src/env';
import { adoptStyles } from '../../src/dom/styles';
import { displayTime, EFFECT_MS, effectFor, nextIndex, shapeOf, shapePaths, startDelay, type Effect } from './logic';
import { TITLE_CSS } from './styles';

const SVG_NS = 'http://www.w3.org/2000/svg';
const DRAWABLE = 'path, line, polyline, polygon, ellipse, circle, rect';

/**
 * Screen readers get one static text: the rotating words are aria-hidden and a visually hidden span beside them
 * holds them all, in order ("kitchens, workshops, gardens"), so the heading reads the same every time and a
 * rotation never interrupts (no live region).
 */
function accessibleText(wrapper: HTMLElement, texts: readonly HTMLElement[]): void {
  if (wrapper.nextElementSibling?.classList.contains('sf-title-sr')) return;
  const label = document.createElement('span');
  label.className = 'sf-title-sr';
  label.textContent = texts
    .map((t) => t.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
  wrapper.after(label);
  wrapper.setAttribute('aria-hidden', 'true');
}

function effectOf(text: HTMLElement, which: 'in' | 'out', context: WidgetContext): Effect {
  const attr = `data-${which}-effect`;
  const value = text.closest(`[${attr}]`)?.getAttribute(attr);
  const effect = effectFor(value);
  if (effect) return effect;
  context.warn(attr, `expected an effect name such as fadeIn, got ${JSON.stringify(value)}; using a fade`);
  return 'fade';
}

function rotate(title: HTMLElement, context: WidgetContext): void {
  const wrapper = title.querySelector<HTMLElement>('.fusion-animated-texts-wrapper');
  const texts = wrapper ? [...wrapper.querySelectorAll<HTMLElement>('.fusion-textillate, .fusion-animated-text')] : [];
  if (!wrapper || !texts.length) {
    context.warn('.fusion-animated-texts-wrapper', 'no texts to rotate; the title stays as printed');
    return;
  }
  title.classList.add('sf-rotating');
  accessibleText(wrapper, texts);
  let current = 0;
  texts.forEach((t, i) => t.classList.toggle('sf-title-current', i === 0));
  if (texts.length < 2 || env().prefersReducedMotion()) return; // the first text, still

  const loop = title.classList.contains('fusion-loop-on');
  const show = displayTime(wrapper.getAttribute('data-min-display-time') ?? wrapper.getAttribute('data-mindisplaytime'));
  const delayHolder = title.parentElement?.closest('[data-animationduration]');
  let delay = startDelay(delayHolder?.getAttribute('data-animationduration'));
  if (Number.isNaN(delay)) {
    context.warn(
      'data-animationduration',
      `expected a number, got ${JSON.stringify(delayHolder?.getAttribute('data-animationduration'))}; starting without a delay`,
    );
    delay = 0;
  }
  const clear = (el: HTMLElement) =>
    el.classList.remove(
      ...[...el.classList].filter((c) => c.startsWith('sf-title-in-') || c.startsWith('sf-title-out-') || c === 'sf-title-leaving'),
    );
  const step = () => {
    const next = nextIndex(current, texts.length, loop);
    if (next === null) return;
    const leaving = texts[current]!;
    const coming = texts[next]!;
    clear(leaving);
    clear(coming);
    leaving.classList.remove('sf-title-current');
    leaving.classList.add('sf-title-leaving', `sf-title-out-${effectOf(leaving, 'out', context)}`);
    coming.classList.add('sf-title-current', `sf-title-in-${effectOf(coming, 'in', context)}`);
    current = next;
    context.timeout(() => clear(leaving), EFFECT_MS);
    // Each text stays at least the minimum once its entrance is over.
    context.timeout(step, EFFECT_MS + show);
  };
  context.timeout(step, delay + show);
}

function ourShape(host: HTMLElement, paths: readonly string[]): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'sf-highlight-svg');
  svg.setAttribute('viewBox', '0 0 500 150');
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  host.classList.add('sf-highlight-host');
  host.append(svg);
  return svg;
}

function highlight(title: HTMLElement, context: WidgetContext): void {
  const text = title.querySelector<HTMLElement>('.fusion-highlighted-text');
  if (!text) {
    context.warn('.fusion-highlighted-text', 'missing; the title stays as printed');
    return;
  }
  let svg = title.querySelector<SVGSVGElement>('svg');
  if (!svg) {
    const shape = shapeOf([...title.classList], title.getAttribute('data-highlight'));
    if (!shape) {
      context.warn('highlight shape', `no known shape in ${JSON.stringify(title.className)}; the words stay unmarked`);
      return;
    }
    svg = ourShape(text, shapePaths(shape));
  }
  // A path length of 1 lets one dash cover any path, so the stroke can be drawn with no measuring.
  for (const el of svg.querySelectorAll(DRAWABLE)) el.setAttribute('pathLength', '1');
  svg.setAttribute('aria-hidden', 'true');
  title.classList.add('sf-highlight');
  const draw = () => title.classList.add('sf-highlight-drawn');
  if (env().prefersReducedMotion()) {
    draw();
    return;
  }
  const stop = env().intersecting(title, (inView) => {
    if (!inView) return;
    draw();
    stop();
  });
  context.onCleanup(stop);
}

/**
 * Avada's animated titles: rotating texts (one at a time, in order, CSS effects instead of textillate) and
 * highlighted words whose SVG shape draws itself when the title enters the viewport.
 */
export default defineWidget({
  mount(element, context) {
    const title = element as HTMLElement;
    adoptStyles('animated-titles', TITLE_CSS);
    if (title.classList.contains('fusion-title-rotating')) rotate(title, context);
    if (title.classList.contains('fusion-title-highlight')) highlight(title, context);
  },
});

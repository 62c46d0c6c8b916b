import { env } from '../../src/env';
import { adoptStyles } from '../../src/dom/styles';
import {
  bucket,
  chatTime,
  localParts,
  pageLocale,
  parseUnixSeconds,
  relativeArgs,
  secondsToNextBucket,
  secondsToNextChatForm,
  wordedLocale,
} from './logic';

/**
 * Every review's `[data-time]` shown as relative time (or chat time with `data-time-format="chat"`) in its
 * `span.sf-review__time` slot. ONE timer for the whole page: it fires when the soonest bucket of any review in a
 * visible widget changes, and only visible widgets are refreshed (a widget coming into view is refreshed at once).
 */
interface Stamp {
  slot: HTMLElement;
  /** Unix ms. */
  time: number;
  chat: boolean;
  node?: HTMLTimeElement;
}

interface Watched {
  stamps: Stamp[];
  visible: boolean;
}

const watched = new Set<Watched>();
let timer: number | undefined;
let formats: { page: string; relative: Intl.RelativeTimeFormat; absolute: Intl.DateTimeFormat } | undefined;

adoptStyles(
  'reviews-time',
  '.sf-visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}',
);

function formatsFor(): NonNullable<typeof formats> {
  const page = pageLocale(document.documentElement.getAttribute('lang'));
  if (formats?.page !== page) {
    const locale = wordedLocale(page);
    formats = {
      page,
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      absolute: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }),
    };
  }
  return formats;
}

function render(stamp: Stamp, now: number): void {
  const f = formatsFor();
  const elapsed = (now - stamp.time) / 1000;
  const text = stamp.chat ? chatTime(localParts(stamp.time), elapsed) : f.relative.format(...relativeArgs(bucket(elapsed)));
  let node = stamp.node;
  if (!node || !stamp.slot.contains(node)) {
    const absolute = f.absolute.format(stamp.time);
    node = document.createElement('time');
    node.dateTime = new Date(stamp.time).toISOString();
    node.title = absolute;
    const shown = document.createElement('span');
    shown.className = 'sf-review__time-text';
    node.append(shown);
    // Screen readers get the absolute date after the wording (title alone is not read reliably). It sits beside
    // the <time>, not in it, so the <time> holds exactly the wording.
    const spoken = document.createElement('span');
    spoken.className = 'sf-visually-hidden';
    spoken.textContent = ` (${absolute})`;
    stamp.slot.replaceChildren(node, spoken);
    stamp.node = node;
  }
  const shown = node.firstElementChild as HTMLElement;
  if (shown.textContent !== text) shown.textContent = text;
}

function nextDelay(now: number): number {
  let soonest = Number.POSITIVE_INFINITY;
  for (const w of watched) {
    if (!w.visible) continue;
    for (const s of w.stamps) {
      const elapsed = (now - s.time) / 1000;
      soonest = Math.min(soonest, s.chat ? secondsToNextChatForm(elapsed) : secondsToNextBucket(elapsed));
    }
  }
  return soonest;
}

function schedule(): void {
  if (timer !== undefined) env().clearTimeout(timer);
  timer = undefined;
  const seconds = nextDelay(env().now());
  // Beyond a day the timer is just re-armed; setTimeout cannot wait longer than ~24.8 days anyway.
  if (!Number.isFinite(seconds)) return;
  timer = env().setTimeout(tick, Math.min(seconds, 86_400) * 1000);
}

function tick(): void {
  timer = undefined;
  const now = env().now();
  for (const w of watched) if (w.visible) for (const s of w.stamps) render(s, now);
  schedule();
}

/** How many timers the relative time runs (tests: never more than one). */
export function timeTimers(): number {
  return timer === undefined ? 0 : 1;
}

/**
 * Where a `[data-time]` shows its time: its `span.sf-review__time` slot (the contract's markup), the element itself
 * when it is the slot, or, for a review printed without one, a slot we add at its end (every review shows its time).
 */
function timeSlot(el: Element): HTMLElement | undefined {
  if (el.matches('.sf-review__time')) return el as HTMLElement;
  const printed = el.querySelector<HTMLElement>('.sf-review__time');
  if (printed || !el.matches('.sf-review')) return printed ?? undefined;
  const added = document.createElement('span');
  added.className = 'sf-review__time';
  el.append(added);
  return added;
}

/**
 * Fill and keep fresh every `[data-time]` under `root` (the root included). A `data-time` that is not Unix seconds
 * is reported once through `warn` and its element keeps its printed text. Returns the cleanup.
 */
export function watchTimes(root: Element, warn: (field: string, message: string) => void): () => void {
  const stamps: Stamp[] = [];
  const elements = [...(root.matches('[data-time]') ? [root] : []), ...root.querySelectorAll('[data-time]')];
  for (const el of elements) {
    const seconds = parseUnixSeconds(el.getAttribute('data-time'));
    if (seconds === undefined) {
      warn('data-time', 'expected Unix seconds; the review keeps its printed text');
      continue;
    }
    const slot = timeSlot(el);
    if (!slot) continue;
    stamps.push({ slot, time: seconds * 1000, chat: el.getAttribute('data-time-format') === 'chat' });
  }
  if (stamps.length === 0) return () => {};
  const now = env().now();
  for (const s of stamps) render(s, now);
  const entry: Watched = { stamps, visible: false };
  watched.add(entry);
  const stopObserving = env().intersecting(root, (inView) => {
    const became = inView && !entry.visible;
    entry.visible = inView;
    if (became) for (const s of stamps) render(s, env().now());
    schedule();
  });
  return () => {
    stopObserving();
    watched.delete(entry);
    schedule();
  };
}

import { setEnvironment } from '../../src/env';

/**
 * A fake viewport for env().matchMedia: min-width / max-width queries and prefers-reduced-motion, evaluated
 * against a width the test sets; lists whose answer changes dispatch `change`, as browsers do.
 */
export interface FakeMedia {
  setWidth(width: number): void;
  setReducedMotion(on: boolean): void;
  restore(): void;
}

export function fakeMedia(width: number, options: { reducedMotion?: boolean } = {}): FakeMedia {
  let current = width;
  let reduced = options.reducedMotion ?? false;
  const lists: { query: string; mql: MediaQueryList & { matches: boolean } }[] = [];
  const evaluate = (query: string) =>
    query.split(',').some((part) =>
      [...part.matchAll(/\(([a-z-]+)\s*:\s*([^)]+)\)/g)].every(([, feature, value]) => {
        const px = Number.parseFloat(value!);
        if (feature === 'min-width') return current >= px;
        if (feature === 'max-width') return current <= px;
        if (feature === 'prefers-reduced-motion') return value!.trim() === 'reduce' ? reduced : !reduced;
        return false;
      }),
    );
  const matchMedia = (query: string): MediaQueryList => {
    const target = new EventTarget();
    const mql = Object.assign(target, {
      media: query,
      matches: evaluate(query),
      onchange: null,
      addListener: (fn: (e: MediaQueryListEvent) => void) => target.addEventListener('change', fn as EventListener),
      removeListener: (fn: (e: MediaQueryListEvent) => void) => target.removeEventListener('change', fn as EventListener),
    }) as unknown as MediaQueryList & { matches: boolean };
    lists.push({ query, mql });
    return mql;
  };
  // As browsers: every list is re-evaluated before any change event runs (`matches` is live).
  const update = () => {
    const changed = lists.filter(({ query, mql }) => evaluate(query) !== mql.matches);
    for (const { query, mql } of changed) mql.matches = evaluate(query);
    for (const { query, mql } of changed) mql.dispatchEvent(Object.assign(new Event('change'), { matches: mql.matches, media: query }));
  };
  const restore = setEnvironment({ matchMedia, prefersReducedMotion: () => reduced });
  return {
    setWidth(w) {
      current = w;
      update();
    },
    setReducedMotion(on) {
      reduced = on;
      update();
    },
    restore,
  };
}

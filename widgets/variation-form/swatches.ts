import { setAttr, uniqueId } from '../../src/dom/announce';

/**
 * Avada's colour, image and button swatches (`.avada-select-wrapper` > select + `a[data-value]`) as a WAI-ARIA
 * radio group: the wrapper is `role="radiogroup"` labelled by the attribute's label, each swatch `role="radio"`
 * with `aria-checked` and a roving tabindex; arrows move and choose. The select stays the source of truth and
 * what posts; swatches mirror it. A swatch whose option is gone or disabled is `aria-disabled` (and Avada's
 * `data-disabled`), described by the reason.
 */
export const SWATCH = '.avada-color-select, .avada-image-select, .avada-button-select';

/** Why an option cannot be chosen; written on the option by the form, read here. */
export type Unavailable = 'nomatch' | 'unavailable';
export const UNAVAILABLE_ATTR = 'data-sf-unavailable';

export interface SwatchGroup {
  select: HTMLSelectElement;
  group: HTMLElement;
  swatches: HTMLElement[];
}

export interface SwatchTexts {
  nomatch: string;
  unavailable: string;
}

export interface Swatches {
  groups: SwatchGroup[];
  /** Mirror every select's value and option states onto its swatches. */
  sync(): void;
  /** The element that takes focus for a select: its tabbable swatch, or the select itself. */
  focusTarget(select: HTMLSelectElement): HTMLElement;
}

function optionState(select: HTMLSelectElement, value: string): Unavailable | undefined {
  for (const option of select.options) {
    if (option.value !== value) continue;
    if (option.disabled) return 'unavailable';
    const marked = option.getAttribute(UNAVAILABLE_ATTR);
    return marked === 'nomatch' || marked === 'unavailable' ? marked : undefined;
  }
  return 'nomatch';
}

function labelFor(select: HTMLSelectElement, form: HTMLFormElement): HTMLElement | null {
  if (!select.id) return null;
  for (const label of form.querySelectorAll('label')) if (label.htmlFor === select.id) return label;
  return null;
}

export function setupSwatches(form: HTMLFormElement, selects: readonly HTMLSelectElement[], texts: SwatchTexts, choose: (select: HTMLSelectElement, value: string) => void, signal: AbortSignal): Swatches {
  const groups: SwatchGroup[] = [];
  for (const select of selects) {
    const group = select.closest<HTMLElement>('.avada-select-wrapper');
    if (!group || !form.contains(group)) continue;
    const swatches = [...group.querySelectorAll<HTMLElement>(SWATCH)].filter((s) => s.hasAttribute('data-value'));
    if (swatches.length === 0) continue;
    group.setAttribute('role', 'radiogroup');
    group.setAttribute('data-sf-swatches', '');
    const label = labelFor(select, form);
    if (label) {
      if (!label.id) label.id = uniqueId('sf-attribute-label');
      group.setAttribute('aria-labelledby', label.id);
    }
    // The swatches stand in for the select; it stays in the form (it is what posts) but out of the way.
    select.setAttribute('aria-hidden', 'true');
    select.tabIndex = -1;
    for (const swatch of swatches) {
      swatch.setAttribute('role', 'radio');
      // A colour swatch has only a colour inside: its name comes from Avada's title.
      if (!swatch.getAttribute('aria-label') && !swatch.textContent?.trim()) {
        const name = swatch.getAttribute('title') ?? swatch.getAttribute('data-title') ?? swatch.getAttribute('data-value') ?? '';
        swatch.setAttribute('aria-label', name);
      }
    }
    groups.push({ select, group, swatches });
  }

  let reasons: Record<Unavailable, string> | undefined;
  const reasonId = (kind: Unavailable): string => {
    if (!reasons) {
      reasons = { nomatch: '', unavailable: '' };
      for (const k of ['nomatch', 'unavailable'] as const) {
        const span = document.createElement('span');
        span.id = uniqueId(`sf-swatch-${k}`);
        span.className = 'screen-reader-text';
        span.hidden = true;
        span.textContent = texts[k];
        form.appendChild(span);
        reasons[k] = span.id;
      }
    }
    return reasons[kind];
  };

  const isDisabled = (s: HTMLElement) => s.getAttribute('aria-disabled') === 'true';

  const sync = () => {
    for (const { select, swatches } of groups) {
      const value = select.value;
      let tabbable: HTMLElement | undefined;
      for (const swatch of swatches) {
        const v = swatch.getAttribute('data-value') ?? '';
        const checked = v !== '' && v === value;
        setAttr(swatch, 'aria-checked', String(checked));
        setAttr(swatch, 'data-checked', checked ? 'true' : null);
        const reason = optionState(select, v);
        setAttr(swatch, 'aria-disabled', reason ? 'true' : null);
        setAttr(swatch, 'data-disabled', reason ? 'true' : null);
        setAttr(swatch, 'aria-describedby', reason ? reasonId(reason) : null);
        if (checked) tabbable = swatch;
      }
      tabbable ??= swatches.find((s) => !isDisabled(s)) ?? swatches[0];
      for (const swatch of swatches) setAttr(swatch, 'tabindex', swatch === tabbable ? '0' : '-1');
    }
  };

  const groupOf = (el: Element) => groups.find((g) => g.swatches.includes(el as HTMLElement));

  const activate = (swatch: HTMLElement, toggle: boolean) => {
    const g = groupOf(swatch);
    if (!g || isDisabled(swatch)) return;
    const value = swatch.getAttribute('data-value') ?? '';
    // Avada: a second click on the chosen swatch clears the attribute.
    choose(g.select, toggle && g.select.value === value ? '' : value);
  };

  form.addEventListener(
    'click',
    (event) => {
      const swatch = event.target instanceof Element ? event.target.closest<HTMLElement>(SWATCH) : null;
      if (!swatch || !groupOf(swatch)) return;
      event.preventDefault();
      activate(swatch, true);
    },
    { signal },
  );

  form.addEventListener(
    'keydown',
    (event) => {
      const swatch = event.target instanceof Element ? event.target.closest<HTMLElement>(SWATCH) : null;
      const g = swatch ? groupOf(swatch) : undefined;
      if (!swatch || !g) return;
      const rtl = g.group.closest('[dir]')?.getAttribute('dir') === 'rtl';
      const step = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        // Space checks (radio pattern); Enter keeps the link's click behaviour, which toggles as a click does.
        activate(swatch, event.key === 'Enter');
        return;
      }
      const enabled = g.swatches.filter((s) => !isDisabled(s) || s === swatch);
      let next: HTMLElement | undefined;
      if (step !== undefined) {
        const i = enabled.indexOf(swatch);
        next = enabled[(i + step + enabled.length) % enabled.length];
      } else if (event.key === 'Home') next = enabled.find((s) => s !== swatch || !isDisabled(s));
      else if (event.key === 'End') next = enabled.findLast?.((s) => s !== swatch || !isDisabled(s)) ?? enabled[enabled.length - 1];
      if (!next) return;
      event.preventDefault();
      if (isDisabled(next)) return;
      next.focus();
      activate(next, false);
    },
    { signal },
  );

  sync();
  return {
    groups,
    sync,
    focusTarget(select) {
      const g = groups.find((x) => x.select === select);
      return g?.swatches.find((s) => s.tabIndex === 0) ?? select;
    },
  };
}

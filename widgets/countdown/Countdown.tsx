import { useSyncExternalStore, type CSSProperties } from 'react';
import { digits, progress, remaining, UNITS, type Unit } from './logic';
import { getSnapshot, subscribe } from './clock';

/** What the server printed for one unit, kept so the island draws exactly the same boxes. */
export interface UnitMarkup {
  wrapperClass: string;
  dashClass: string;
  title: string;
  titleTag: 'div' | 'span';
  titleFirst: boolean;
  digitTag: 'div' | 'span';
  digitClass: string;
  /** One element per digit (`<div class="fusion-digit">1</div><div …>2</div>`), or one holding the number. */
  perDigit: boolean;
  minDigits: number;
}

export interface CountdownProps {
  end: number;
  units: Record<Unit, UnitMarkup>;
  /** The end as the page's language writes it. */
  label: string;
}

const noSubscription = () => () => {};

/**
 * Avada's dash markup, ticking. Not a live region (it would announce every second); the `<time>` carries the
 * end date for machines and, as a named group, for screen readers.
 */
export function Countdown({ end, units, label }: CountdownProps) {
  // Once at zero there is nothing left to tick for: the clock stops for this countdown.
  const over = end <= getSnapshot();
  const now = useSyncExternalStore(over ? noSubscription : subscribe, getSnapshot, getSnapshot);
  const left = remaining(end, now);
  return (
    <time
      dateTime={new Date(end).toISOString()}
      role="group"
      aria-label={label}
      className="sf-countdown-time"
      style={{ display: 'contents' }}
    >
      {UNITS.map((unit) => {
        const m = units[unit];
        const value = left[unit];
        const Title = m.titleTag;
        const Digit = m.digitTag;
        const title = <Title className="fusion-dash-title">{m.title}</Title>;
        const shown = digits(value, m.minDigits);
        const style = { '--sf-countdown-progress': progress(unit, value).toFixed(4) } as CSSProperties;
        return (
          <div className={m.wrapperClass} key={unit}>
            <div className={m.dashClass} data-value={value} style={style}>
              {m.titleFirst && title}
              {m.perDigit ? (
                shown.map((d, i) => (
                  <Digit className={m.digitClass} key={i}>
                    {d}
                  </Digit>
                ))
              ) : (
                <Digit className={m.digitClass}>{shown.join('')}</Digit>
              )}
              {!m.titleFirst && title}
            </div>
          </div>
        );
      })}
    </time>
  );
}

import { memo, useLayoutEffect, useRef } from 'react';
import { phrasingFragment } from '../../src/dom/phrasing';
import type { Exposure, MirroredButton } from './logic';

export interface StickyBarButton extends MirroredButton {
  /** The real button's own state classes (disabled, loading, added ...), mirrored as the theme styles them. */
  classes: readonly string[];
  describedBy: string | null;
}

export interface StickyBarProps {
  title: string;
  /** Price markup, rebuilt from an allowlist before it is shown. */
  priceHtml: string;
  choice: string;
  button: StickyBarButton;
  /** `undefined` until the first frame has measured the page: the bar is born hidden. */
  exposure: Exposure | undefined;
  onActivate(): void;
}

/** The price markup comes from the page or a variation's price_html: only the phrasing allowlist reaches the DOM. */
function Price({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(phrasingFragment(html));
  }, [html]);
  return <div ref={ref} className="sf-sticky-atc__price price" />;
}

/**
 * The sticky bar (theme.md §10): a visual echo of the real add-to-cart button while that one is on screen
 * (hidden from assistive technology and the Tab order), the control to use once it has scrolled away.
 */
export const StickyBar = memo(function StickyBar({ title, priceHtml, choice, button, exposure, onActivate }: StickyBarProps) {
  const exposed = exposure === 'exposed';
  const label = button.text || 'Add to cart';
  const classes = ['sf-sticky-atc__button', 'button', 'alt', ...button.classes.filter((c) => c !== 'disabled')];
  if (button.disabled) classes.push('disabled');
  return (
    <div
      className="sf-sticky-atc"
      role="region"
      aria-label={label}
      hidden={exposure === undefined || exposure === 'hidden'}
      inert={!exposed}
      aria-hidden={exposed ? undefined : 'true'}
    >
      <div className="sf-sticky-atc__inner">
        <p className="sf-sticky-atc__title">{title}</p>
        <p className="sf-sticky-atc__choice">{choice}</p>
        <Price html={priceHtml} />
        <button
          type="button"
          className={classes.join(' ')}
          aria-disabled={button.disabled ? 'true' : undefined}
          aria-describedby={button.describedBy ?? undefined}
          tabIndex={exposed ? undefined : -1}
          onClick={onActivate}
        >
          {label}
        </button>
      </div>
    </div>
  );
});

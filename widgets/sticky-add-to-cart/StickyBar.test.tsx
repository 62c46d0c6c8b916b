import { fireEvent, render } from '../../test/helpers/render';
import { describe, expect, it, vi } from 'vitest';
import { StickyBar, type StickyBarProps } from './StickyBar';

const props = (patch: Partial<StickyBarProps> = {}): StickyBarProps => ({
  title: 'Rain jacket',
  priceHtml: '<span class="amount">£40.00</span><img src="x" onerror="alert(1)">',
  choice: 'Rust, M',
  button: { disabled: false, reason: null, loading: false, added: false, text: 'Add to cart', classes: [], describedBy: null },
  exposure: 'exposed',
  onActivate: () => {},
  ...patch,
});

describe('StickyBar (React 19)', () => {
  it('is a labelled region with the title, choice, allowlisted price and a working button when exposed', () => {
    const onActivate = vi.fn();
    const { container } = render(<StickyBar {...props({ onActivate })} />);
    const bar = container.querySelector<HTMLElement>('.sf-sticky-atc')!;
    expect(bar.getAttribute('role')).toBe('region');
    expect(bar.getAttribute('aria-label')).toBe('Add to cart');
    expect(bar.hidden).toBe(false);
    expect(bar.hasAttribute('inert')).toBe(false);
    expect(bar.querySelector('.sf-sticky-atc__choice')?.textContent).toBe('Rust, M');
    expect(bar.querySelector('.sf-sticky-atc__price')?.innerHTML).toBe('<span class="amount">£40.00</span>');
    fireEvent.click(bar.querySelector('button')!);
    expect(onActivate).toHaveBeenCalledTimes(1);
  });

  it('is born hidden, and is inert and out of the Tab order while the real button is on screen', () => {
    const { container, rerender } = render(<StickyBar {...props({ exposure: undefined })} />);
    const bar = () => container.querySelector<HTMLElement>('.sf-sticky-atc')!;
    expect(bar().hidden).toBe(true);
    rerender(<StickyBar {...props({ exposure: 'inert' })} />);
    expect(bar().hidden).toBe(false);
    expect(bar().hasAttribute('inert')).toBe(true);
    expect(bar().getAttribute('aria-hidden')).toBe('true');
    expect(bar().querySelector('button')!.getAttribute('tabindex')).toBe('-1');
  });

  it('mirrors a blocked real button: disabled class, aria-disabled and the same description', () => {
    const button = {
      disabled: true,
      reason: 'selection-needed' as const,
      loading: false,
      added: false,
      text: 'Add to cart',
      classes: ['disabled', 'wc-variation-selection-needed'],
      describedBy: 'why',
    };
    const { container } = render(<StickyBar {...props({ button })} />);
    const el = container.querySelector('button')!;
    expect([...el.classList]).toEqual(['sf-sticky-atc__button', 'button', 'alt', 'wc-variation-selection-needed', 'disabled']);
    expect(el.getAttribute('aria-disabled')).toBe('true');
    expect(el.getAttribute('aria-describedby')).toBe('why');
  });
});

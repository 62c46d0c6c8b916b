import { describe, expect, it } from 'vitest';
import { phrasingFragment } from './phrasing';

const html = (input: string) => {
  const box = document.createElement('div');
  box.append(phrasingFragment(input));
  return box.innerHTML;
};

describe('phrasingFragment: price HTML from an allowlist', () => {
  it("keeps WooCommerce's price markup", () => {
    const price =
      '<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">€</span>24.00</bdi></span> <small class="woocommerce-price-suffix">incl. VAT</small>';
    expect(html(price)).toBe(price);
    expect(html('<del aria-hidden="true">£60</del><ins>£45</ins>')).toBe('<del aria-hidden="true">£60</del><ins>£45</ins>');
  });

  it('unwraps links and unknown elements, keeping their text', () => {
    expect(html('<a href="&#1;javascript:alert(1)">£45</a>')).toBe('£45');
    expect(html('<a href="java&#9;script:alert(1)"><span>£45</span></a>')).toBe('<span>£45</span>');
    expect(html('<p><div>From £40</div></p>')).toBe('From £40');
  });

  it("drops <base>, scripts, styles, embedded documents, images and forms' controls", () => {
    expect(html('<base href="https://evil.example/">£1')).toBe('£1');
    expect(
      html('<script>alert(1)</script><style>*{}</style><iframe src="https://evil.example"></iframe><img src=x onerror=alert(1)>£1'),
    ).toBe('£1');
    expect(html('<svg><a href="javascript:alert(1)"><text>x</text></a></svg><math><mi>y</mi></math><textarea>z</textarea>£1')).toBe('£1');
  });

  it('keeps only class, aria-hidden, title, lang and dir', () => {
    expect(
      html(
        '<span id="place_order" class="a" style="color:red" onclick="x()" data-x="1" title="t" lang="de" dir="ltr" aria-hidden="true">1</span>',
      ),
    ).toBe('<span class="a" title="t" lang="de" dir="ltr" aria-hidden="true">1</span>');
  });
});

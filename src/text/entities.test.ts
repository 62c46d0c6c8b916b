import { describe, expect, it } from 'vitest';
import { decodeEntities } from './entities';

describe('decodeEntities', () => {
  it('decodes numeric references and the names WordPress writes', () => {
    expect(decodeEntities('Rock &amp; Roll &#8211; &#x2019;74 &hellip;')).toBe('Rock & Roll \u2013 \u201974 \u2026');
  });

  it('decodes any other named reference through the browser, case as written', () => {
    expect(decodeEntities('Caf&eacute; &Eacute;t&eacute; &euro;5')).toBe('Caf\u00e9 \u00c9t\u00e9 \u20ac5');
  });

  it('leaves what is not a reference as written, and never makes markup', () => {
    expect(decodeEntities('&madeup; & more &#0; &#x110000;')).toBe('&madeup; & more &#0; &#x110000;');
    expect(decodeEntities('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
  });
});

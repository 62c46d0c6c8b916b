import { describe, expect, it } from 'vitest';

const SELECT =
  '<select id="colour"><option value="">Choose an option</option><option value="rust">Rust</option><option value="navy" selected="selected">Navy</option><option value="teal">Teal</option></select>';

describe('the test DOM selects the printed default option, as a browser does', () => {
  it('innerHTML', () => {
    document.body.innerHTML = SELECT;
    expect(document.querySelector<HTMLSelectElement>('#colour')!.value).toBe('navy');
  });

  it('insertAdjacentHTML and outerHTML', () => {
    document.body.innerHTML = '<div id="a"></div><p id="b"></p>';
    document.getElementById('a')!.insertAdjacentHTML('beforeend', SELECT);
    expect(document.querySelector<HTMLSelectElement>('#colour')!.value).toBe('navy');
    document.getElementById('b')!.outerHTML = SELECT.replace('colour', 'size');
    expect(document.querySelector<HTMLSelectElement>('#size')!.value).toBe('navy');
  });

  it('DOMParser', () => {
    const doc = new DOMParser().parseFromString(`<body>${SELECT}</body>`, 'text/html');
    expect(doc.querySelector<HTMLSelectElement>('#colour')!.value).toBe('navy');
  });

  it('without a printed default the first option, and a choice made by script stays', () => {
    document.body.innerHTML = SELECT.replace(' selected="selected"', '');
    const select = document.querySelector<HTMLSelectElement>('#colour')!;
    expect(select.value).toBe('');
    document.body.innerHTML = SELECT;
    select.value = 'teal';
    const again = document.querySelector<HTMLSelectElement>('#colour')!;
    again.value = 'teal';
    expect(again.value).toBe('teal');
  });
});

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

describe('the test DOM walks on after the node a NodeIterator stands on is removed, as a browser does', () => {
  it('visits every node after a removal (DOMPurify removes the node it stands on)', () => {
    const doc = new DOMParser().parseFromString('<p>a<script>x</script>b<script>y</script><i>c</i></p>', 'text/html');
    const walker = doc.createNodeIterator(doc.body, NodeFilter.SHOW_ELEMENT);
    const seen: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      seen.push(node.nodeName);
      if (node.nodeName === 'SCRIPT') node.parentNode!.removeChild(node);
    }
    expect(seen).toEqual(['BODY', 'P', 'SCRIPT', 'SCRIPT', 'I']);
    expect(doc.body.innerHTML).toBe('<p>ab<i>c</i></p>');
  });

  it('lets DOMPurify remove every forbidden element and handler, not the first only', async () => {
    const { default: DOMPurify } = await import('dompurify');
    expect(DOMPurify(window).sanitize('<p>a<script>x</script>b<script>y</script></p><b onclick="y">z</b>')).toBe('<p>ab</p><b>z</b>');
  });
});

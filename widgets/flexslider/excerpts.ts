/**
 * Slide excerpts on small screens: longer than 11 words, cut to 10 under 480 px, and whole again when the screen
 * grows (turning a tablet round). The printed text is kept, so nothing is lost.
 */
import { env } from '../../src/env';
import { cutExcerpt, EXCERPT_VIEWPORT } from './logic';

const EXCERPTS = '.overlay-full.layout-text-left .slide-excerpt p';

export function watchExcerpts(root: HTMLElement): () => void {
  const paragraphs = [...root.ownerDocument.querySelectorAll<HTMLElement>(EXCERPTS)].filter((p) => root.contains(p));
  if (!paragraphs.length) return () => {};
  const printed = paragraphs.map((p) => [...p.childNodes]);
  const texts = paragraphs.map((p) => p.textContent ?? '');
  const apply = () => {
    paragraphs.forEach((p, i) => {
      const cut = cutExcerpt(texts[i]!, window.innerWidth);
      if (cut === texts[i]) {
        if (p.textContent !== texts[i]) p.replaceChildren(...printed[i]!);
      } else if (p.textContent !== cut) {
        p.textContent = cut;
      }
    });
  };
  apply();
  const query = env().matchMedia(`(max-width: ${EXCERPT_VIEWPORT - 0.02}px)`);
  query?.addEventListener('change', apply);
  return () => {
    query?.removeEventListener('change', apply);
    paragraphs.forEach((p, i) => p.replaceChildren(...printed[i]!));
  };
}

/**
 * The mini-cart's view warmed before it is wanted (issue 29 goal 2), for a box with lines shown to a shopper who
 * has shown a first sign of life (the widget imports this at that idle moment; a pointer over the box, focus in
 * it or a cart change want the view at once instead). The framework first, evaluated in a task of its own (the
 * largest evaluation, which must not share a task with the view's), then the view with a throwaway remove in a
 * detached root (warm-view.tsx): the first hover or remove evaluates and compiles none of it. A chunk of its own:
 * the widget's chunk, loaded on every page with a cart, carries one import() for it.
 */
export default async function warmMiniCartView(): Promise<void> {
  await import('../../src/react/island');
  const { warmMiniCart } = await import('./warm-view');
  await warmMiniCart();
}

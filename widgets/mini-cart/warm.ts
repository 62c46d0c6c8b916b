/**
 * The mini-cart's view warmed before it is wanted (issue 29 goal 2), for a box with lines shown to a shopper who
 * has shown a first sign of life (the widget calls this at that idle moment; a pointer over the box, focus in it
 * or a cart change want the view at once instead). The framework first, evaluated in a task of its own (the
 * largest evaluation, which must not share a task with the view's), then the view with a throwaway remove in a
 * detached root (warm-view.tsx), then `then` mounts the real view: the first hover or remove evaluates and
 * compiles none of it. Plain code: the widget's chunk carries these few lines, not the framework.
 */
export function warmViewThen(then: () => void): () => void {
  return () =>
    void import('../../src/react/island')
      .then(() => import('./warm-view'))
      .then((m) => m.warmMiniCart())
      // A chunk that fails here fails again for the view's own load, which says so once.
      .catch(() => {})
      .finally(then);
}

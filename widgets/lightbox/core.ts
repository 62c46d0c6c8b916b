let coreModule: Promise<typeof import('./slides')> | undefined;

/**
 * Start fetching PhotoSwipe's core (a pointer is on its way to a target, or the lightbox is opening); one request,
 * tried again on the next call if it failed.
 */
export function warmCore(): Promise<typeof import('./slides')> {
  coreModule ??= import('./slides');
  coreModule.catch(() => (coreModule = undefined));
  return coreModule;
}

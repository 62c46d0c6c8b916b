/**
 * A seam for core modules that replace markup (cart fragments, quick view): they must unmount what the runtime
 * mounted inside the old markup and scan the new. Framework-free and dependency-free, so src/ can import it
 * without pulling the runtime in. The runtime registers itself on creation; without one (a page where the
 * runtime is not running) the public API on window is used, if any.
 */
export interface IslandHost {
  scan(root: ParentNode): void;
  unmount(root: ParentNode): void;
  /** The runtime's page service for `key`, kept until it stops (see pageService). */
  keep?<T>(key: string, create: () => T): T;
}

let current: IslandHost | undefined;

export function setIslandHost(host: IslandHost | undefined): void {
  current = host;
}

export function islandHost(): IslandHost | undefined {
  if (current) return current;
  const api = (globalThis as { StorefrontIslands?: IslandHost }).StorefrontIslands;
  return api && typeof api.scan === 'function' && typeof api.unmount === 'function' ? api : undefined;
}

/**
 * A page service for module code that has no widget context (a store that several widgets and the core's gates
 * read): the runtime's, created once and kept until the runtime stops, which is the one reset a test needs.
 * Outside a runtime (a module tested alone) nothing is kept: each call creates it anew.
 */
export function pageService<T>(key: string, create: () => T): T {
  const host = islandHost();
  return host?.keep ? host.keep(key, create) : create();
}

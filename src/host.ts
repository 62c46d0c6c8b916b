/**
 * A seam for core modules that replace markup (cart fragments, quick view): they must unmount what the runtime
 * mounted inside the old markup and scan the new. Framework-free and dependency-free, so src/ can import it
 * without pulling the runtime in. The runtime registers itself on creation; without one (a page where the
 * runtime is not running) the public API on window is used, if any.
 */
export interface IslandHost {
  scan(root: ParentNode): void;
  unmount(root: ParentNode): void;
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

import type { Runtime } from './runtime';

/** The public API a theme developer may call: `window.StorefrontIslands`. */
export interface StorefrontIslandsApi {
  /** Mount every widget whose markup is inside `root` (default: the document). Safe to call repeatedly. */
  scan(root?: ParentNode): void;
  /** Unmount every widget inside `root` (default: the document), restoring listeners, timers and React roots. */
  unmount(root?: ParentNode): void;
  /** Settles once every widget that is loading has mounted or failed. */
  ready(): Promise<void>;
  readonly version: string;
}

declare global {
  interface Window {
    StorefrontIslands?: StorefrontIslandsApi;
  }
}

export function createApi(runtime: Runtime, version: string): StorefrontIslandsApi {
  return Object.freeze({
    scan: (root?: ParentNode) => runtime.scan(root ?? document),
    unmount: (root?: ParentNode) => runtime.unmount(root ?? document),
    ready: () => runtime.settled(),
    version,
  });
}

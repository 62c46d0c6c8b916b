import { env } from '../../src/env';

/**
 * The code a form loads on demand, each chunk once for every form: display.ts (what a variation changes on the
 * page), the React view, blockUI's overlay and the request code. The imports are injected (the widget's default
 * is the real dynamic imports; tests pass chunks that are late, stalled or failing).
 */
export interface Loaders {
  display: () => Promise<Display>;
  view: () => Promise<typeof import('./view.island')>;
  block: () => Promise<BlockModule>;
  net: () => Promise<Net>;
}

export type Display = typeof import('./display');
type BlockModule = typeof import('../../src/dom/block');
export interface Net {
  wcAjax: typeof import('../../src/net/wc').wcAjax;
  NetError: typeof import('../../src/net/errors').NetError;
  messageFor: typeof import('../../src/net/errors').messageFor;
}

export const IMPORTS: Loaders = {
  display: () => import('./display'),
  view: () => import('./view.island'),
  block: () => import('../../src/dom/block'),
  net: () =>
    Promise.all([import('../../src/net/wc'), import('../../src/net/errors')]).then(([{ wcAjax }, { NetError, messageFor }]) => ({
      wcAjax,
      NetError,
      messageFor,
    })),
};

/** How long a choice waits for display.ts before the form goes on without it (see displayReady). */
export const DISPLAY_TIMEOUT = 5_000;

/** get_variation waits this long before the form falls back to posting natively. */
export const VARIATION_TIMEOUT = 10_000;

export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface Chunks {
  view: Loaders['view'];
  /** display.ts once loaded (then used synchronously by every form). */
  display(): Display | undefined;
  /** Why display.ts could not be loaded, or undefined. */
  displayFailed(): string | undefined;
  /**
   * Load display.ts once for every form: on the shopper's first intent, with the view, or as soon as a form needs
   * it. Tests await it so a choice shows at once, as it does on a page once loaded.
   */
  displayReady(): Promise<void>;
  block(): BlockModule | undefined;
  loadBlock(): Promise<BlockModule>;
  net(): Net | undefined;
  /** The request code; a failure is forgotten, so the next question tries again. */
  loadNet(): Promise<Net>;
  /** The request code, or a failure after `ms`: a chunk that never arrives holds no form for long. */
  netWithin(ms: number): Promise<Net>;
}

export function createChunks(loaders: Loaders = IMPORTS): Chunks {
  let display: Display | undefined;
  let displayFailed: string | undefined;
  let displayLoading: Promise<void> | undefined;
  let block: BlockModule | undefined;
  let blockLoading: Promise<BlockModule> | undefined;
  let net: Net | undefined;
  let netLoading: Promise<Net> | undefined;
  const loadNet = (): Promise<Net> =>
    (netLoading ??= loaders.net().then(
      (module) => (net = module),
      (error: unknown) => {
        netLoading = undefined;
        throw error;
      },
    ));
  return {
    view: loaders.view,
    display: () => display,
    displayFailed: () => displayFailed,
    displayReady: () =>
      (displayLoading ??= new Promise<void>((resolve) => {
        // A chunk that neither arrives nor fails (a stalled connection) holds no choice for long: the form goes on
        // without it, as if it had failed, and uses it for later choices if it does arrive.
        const timer = env().setTimeout(() => {
          displayFailed ??= `its code did not arrive within ${DISPLAY_TIMEOUT / 1000} s`;
          resolve();
        }, DISPLAY_TIMEOUT);
        loaders
          .display()
          .then(
            (module) => {
              display = module;
              displayFailed = undefined;
            },
            (error: unknown) => void (displayFailed ??= reasonOf(error)),
          )
          .finally(() => {
            env().clearTimeout(timer);
            resolve();
          });
      })),
    block: () => block,
    loadBlock: () => (blockLoading ??= loaders.block().then((module) => (block = module))),
    net: () => net,
    loadNet,
    netWithin: (ms) =>
      net
        ? Promise.resolve(net)
        : new Promise<Net>((resolve, reject) => {
            const timer = env().setTimeout(() => reject(new Error(`its code did not arrive within ${ms / 1000} s`)), ms);
            loadNet()
              .then(resolve, reject)
              .finally(() => env().clearTimeout(timer));
          }),
  };
}

/** The chunks of the widget the registry loads: shared by every form on the page. */
export const chunks = createChunks();

/**
 * A FIFO queue running one task at a time, in arrival order. A failing task never stops the ones behind it.
 * WooCommerce's cart calls (add, remove, quantity) share one, so the server never sees two at once.
 */
export interface TaskQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks waiting or running. */
  readonly size: number;
}

export function createQueue(): TaskQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      const result = tail.then(() => task());
      tail = result.then(
        () => {
          size -= 1;
        },
        () => {
          size -= 1;
        },
      );
      return result;
    },
    get size() {
      return size;
    },
  };
}

/** The shop's one cart queue. */
export const cartQueue = createQueue();

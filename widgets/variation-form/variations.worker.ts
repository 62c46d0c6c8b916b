/**
 * A dedicated module worker that reads `data-product_variations` off the main thread (see split.ts). It answers
 * one message and is then terminated by the page.
 */
import { splitVariations } from './split';

// The worker scope, typed narrowly here so the DOM typings of the rest of the project stay as they are.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const result = splitVariations(typeof event.data === 'string' ? event.data : '');
  scope.postMessage(result, result.kind === 'array' ? [result.offsets.buffer] : []);
};

/**
 * Work for the end of the current test that must run before test/setup.ts empties the document: a runtime's
 * unmount finds its widgets by their place in the document, and vitest runs `onTestFinished` callbacks only after
 * every `afterEach` hook, when the markup is already gone (the widgets were then torn down only when the runtime's
 * mutation batch ran, at a frame that could fall in the next test: its cleanups ran there).
 */
const pending: (() => void)[] = [];

/** Run `work` at the end of this test, before the document is emptied (last registered, first run). */
export function atTestEnd(work: () => void): void {
  pending.push(work);
}

/** Called by test/setup.ts after each test. */
export function runTestEnd(): void {
  for (const work of pending.splice(0).reverse()) work();
}

import { expect, test, vi } from 'vitest';

// test/setup.ts gives every vi.waitFor at least 10 s: a condition met after the old 1 s default still passes.
test('vi.waitFor waits past its old 1 s default for a condition met later', async () => {
  const start = Date.now();
  let ready = false;
  setTimeout(() => (ready = true), 1500);
  await vi.waitFor(() => expect(ready).toBe(true), { timeout: 500 });
  expect(Date.now() - start).toBeGreaterThanOrEqual(1400);
});

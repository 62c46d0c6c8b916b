/**
 * test/setup.ts starts the mock server on a file's first request rather than in every file: the first request must
 * be answered by the mock as before, requests the mock does not know must still fail, and handlers a test adds
 * must not outlive it.
 */
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { state } from '../../fixtures/mock/state';

const fragmentsRequest = () => fetch('http://127.0.0.1:5173/?wc-ajax=get_refreshed_fragments', { method: 'POST', body: '' });

test('a file’s first requests, made at once, are both answered by the mock shop', async () => {
  const answers = await Promise.all([fragmentsRequest(), fragmentsRequest()]);
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveProperty('fragments');
  }
  expect(state.log.map((entry) => entry.endpoint)).toEqual(['get_refreshed_fragments', 'get_refreshed_fragments']);
});

/** The request fails, and MSW (onUnhandledRequest: 'error'), not the network, says which one it refused. */
async function expectRefusedByTheMock(url: string, init?: RequestInit): Promise<void> {
  const said = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await expect(fetch(url, init)).rejects.toThrow();
    const text = said.mock.calls.flat().map(String).join('\n');
    expect(text).toContain('[MSW] Error: intercepted a request without a matching request handler');
    expect(text).toContain(`${init?.method ?? 'GET'} ${url.replace('http://127.0.0.1:5173', '')}`);
  } finally {
    said.mockRestore();
  }
}

test('a request to an address the mock does not answer is refused by the mock, which names it', async () => {
  await expectRefusedByTheMock('http://127.0.0.1:5173/not-a-mocked-path');
  // Not even where the mock's own endpoints live: an unknown wc-ajax endpoint, a CF7-looking path it has no route for.
  await expectRefusedByTheMock('http://127.0.0.1:5173/?wc-ajax=no_such_endpoint', { method: 'POST', body: '' });
  await expectRefusedByTheMock('http://127.0.0.1:5173/wp-json/contact-form-7/v1/nothing');
});

test('a handler a test adds to the shared server answers in that test…', async () => {
  const { server } = await import('../../fixtures/mock/node');
  server.use(http.get('http://127.0.0.1:5173/only-this-test', () => HttpResponse.text('added')));
  expect(await (await fetch('http://127.0.0.1:5173/only-this-test')).text()).toBe('added');
});

test('…and is gone in the next', async () => {
  await expectRefusedByTheMock('http://127.0.0.1:5173/only-this-test');
});

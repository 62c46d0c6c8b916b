/**
 * The stateful mock for the bench, loaded in Node through Vite's module runner as ONE module graph, so the
 * handlers and resetState share the mock's state. The bench answers the page's endpoints with it through
 * Playwright's request routing: no mock code runs in the page being measured.
 */
export { getResponse } from 'msw';
export { handlers } from '../../fixtures/mock/handlers';
export { cartHash } from '../../fixtures/mock/fragments';
export { resetState, state } from '../../fixtures/mock/state';

/**
 * test/helpers/render.ts unmounts what Testing Library rendered after each test, while loading Testing Library
 * only in the files that use it: a tree rendered in one test must not live on into the next (its effects still
 * running).
 */
import { render } from './render';
import { createElement, useEffect } from 'react';
import { expect, test } from 'vitest';

let unmounted = false;
function Probe() {
  useEffect(
    () => () => {
      unmounted = true;
    },
    [],
  );
  return createElement('p', null, 'probe');
}

test('a tree rendered with Testing Library stays mounted during its test', () => {
  render(createElement(Probe));
  expect(unmounted).toBe(false);
});

test('…and was unmounted after it', () => {
  expect(unmounted).toBe(true);
});

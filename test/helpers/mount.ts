import { registry } from '../../mount/registry';
import { createRuntime, type Runtime } from '../../mount/runtime';
import type { WidgetEntry } from '../../src/widget';
import { atTestEnd } from './test-end';

/**
 * Put markup in the document as the CMS prints it, start the real runtime over it (every widget of the registry,
 * or the given entries), and wait until every widget whose trigger fired has mounted.
 */
export async function mountPage(html: string, entries: readonly WidgetEntry[] = registry): Promise<Runtime> {
  document.body.innerHTML = html;
  const runtime = createRuntime(entries);
  atTestEnd(() => {
    runtime.unmount(document);
    runtime.stop();
  });
  runtime.scan(document);
  await runtime.settled();
  return runtime;
}

/** Only the registry entries with these names. */
export function only(...names: string[]): WidgetEntry[] {
  const found = registry.filter((e) => names.includes(e.name));
  if (found.length !== names.length) throw new Error(`unknown widget in ${names.join(', ')}`);
  return found;
}

/**
 * The registry entries with these names, mounted as soon as their markup is found: for tests of what a widget
 * does once its trigger has fired (a first scroll, an in-page link click). The trigger itself is tested with the
 * entry as the registry has it (`only`).
 */
export function loaded(...names: string[]): WidgetEntry[] {
  return only(...names).map((entry) => ({ ...entry, trigger: 'load' }));
}

/** A fixture page's body, as the browser tests and the demo serve it. */
export async function fixtureBody(page: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  // A path, not `new URL(…, import.meta.url)`: under happy-dom the global URL is the window's.
  const html = await readFile(join(import.meta.dirname, '../../fixtures/pages', page), 'utf8');
  const match = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return (match?.[1] ?? html).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (tag) => (/type="text\/template"/.test(tag) ? tag : ''));
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * The page-config globals a fixture page prints in its inline scripts (`var name = {…};`), set on window as the
 * CMS would, and removed when the test ends. fixtureBody() drops inline scripts; this puts their data back
 * without evaluating any code.
 */
export function fixtureGlobals(page: string): Record<string, unknown> {
  const html = readFileSync(join(process.cwd(), 'fixtures', 'pages', page), 'utf8');
  const out: Record<string, unknown> = {};
  for (const match of html.matchAll(/\bvar\s+([A-Za-z_$][\w$]*)\s*=\s*(\{.*\});\s*$/gm)) {
    try {
      out[match[1]!] = JSON.parse(match[2]!) as unknown;
    } catch {
      /* not JSON: not a page-config global */
    }
  }
  return out;
}

export function usePageGlobals(page: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const globals = { ...fixtureGlobals(page), ...overrides };
  const w = window as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(globals)) w[name] = value;
  onTestFinished(() => {
    for (const name of Object.keys(globals)) delete w[name];
  });
  return globals;
}

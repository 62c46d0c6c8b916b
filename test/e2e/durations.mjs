/**
 * Rewrite test/e2e/durations.json from the last full browser run (test-results/e2e.json, written by
 * `npm run test:e2e`): each file's summed test time in seconds. Files missing from the report keep their entry.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const target = new URL('./durations.json', import.meta.url);
const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/e2e.json', 'utf8'));
const table = JSON.parse(readFileSync(target, 'utf8'));
for (const file of report.testResults) {
  const ms = file.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0);
  table.seconds[basename(file.name)] = Math.round(ms / 1000);
}
table.seconds = Object.fromEntries(Object.entries(table.seconds).toSorted((a, b) => b[1] - a[1]));
writeFileSync(target, `${JSON.stringify(table, null, 2)}\n`);

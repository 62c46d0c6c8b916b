// `npm run test:php`: lints every PHP file of the plugin with `php -l`, checks that the plugin's version is the
// package's, and runs the plain functions' tests (plugin/tests/run.php). Without a PHP CLI it warns and passes,
// except under CI=true (.ci/run installs Debian's php-cli), as the browser tests do without Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENQUEUED, PLUGIN_FILES } from './files.mjs';

const PLUGIN = dirname(fileURLToPath(import.meta.url));
const ROOT = join(PLUGIN, '..');
const PHP = process.env.PHP_PATH || 'php';

const probe = spawnSync(PHP, ['--version'], { encoding: 'utf8' });
if (probe.error || probe.status !== 0) {
  const message = `test:php: no PHP CLI (${PHP}): the plugin's PHP is neither linted nor tested. Install it (apt-get install -y php-cli) or set PHP_PATH.`;
  console.warn(`\n!!! ${message}\n`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

const failures = [];
const phpFiles = readdirSync(PLUGIN, { recursive: true })
  .filter((file) => file.endsWith('.php'))
  .toSorted();
for (const file of phpFiles) {
  const lint = spawnSync(PHP, ['-l', join(PLUGIN, file)], { encoding: 'utf8' });
  if (lint.status !== 0) failures.push(`php -l plugin/${file}:\n${lint.stdout}${lint.stderr}`);
}
// The README's recipes are copied into themes as they are: each ```php block must parse.
const recipes = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/^```php\n([\s\S]*?)^```/gm)].map((m) => m[1]);
const scratch = mkdtempSync(join(tmpdir(), 'storefront-islands-php-'));
recipes.forEach((code, index) => {
  const file = join(scratch, `readme-${index + 1}.php`);
  writeFileSync(file, code.startsWith('<?php') ? code : `<?php\n${code}`);
  const lint = spawnSync(PHP, ['-l', file], { encoding: 'utf8' });
  if (lint.status !== 0) failures.push(`README.md's php block ${index + 1}:\n${lint.stdout}${lint.stderr}`);
});
rmSync(scratch, { recursive: true, force: true });
console.log(`test:php: php -l on ${phpFiles.length} files and the README's ${recipes.length} php blocks`);

// One version everywhere: WordPress reads the header and readme.txt, the tag's ?ver= is the constant.
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const main = readFileSync(join(PLUGIN, 'storefront-islands.php'), 'utf8');
const readme = readFileSync(join(PLUGIN, 'readme.txt'), 'utf8');
const versions = {
  'storefront-islands.php header Version': /^ \* Version:\s*(\S+)$/m.exec(main)?.[1],
  STOREFRONT_ISLANDS_VERSION: /define\( 'STOREFRONT_ISLANDS_VERSION', '([^']+)' \)/.exec(main)?.[1],
  'readme.txt Stable tag': /^Stable tag:\s*(\S+)$/m.exec(readme)?.[1],
};
for (const [where, found] of Object.entries(versions)) {
  if (found !== version) failures.push(`${where} is ${found ?? 'missing'}, package.json says ${version}`);
}

// The files the plugin enqueues are those the build checks for, and every PHP file it requires is copied.
const builds = spawnSync(
  PHP,
  ['-r', `require ${JSON.stringify(join(PLUGIN, 'includes', 'decide.php'))}; echo json_encode(storefront_islands_builds());`],
  { encoding: 'utf8' },
);
const named = builds.status === 0 ? Object.values(JSON.parse(builds.stdout)).flatMap((files) => Object.values(files)) : [];
if (named.toSorted().join() !== ENQUEUED.toSorted().join())
  failures.push(`storefront_islands_builds() names ${named.join(', ') || 'nothing'}; plugin/files.mjs ENQUEUED ${ENQUEUED.join(', ')}`);
for (const [, required] of main.matchAll(/require_once __DIR__ \. '\/([^']+)'/g)) {
  if (!PLUGIN_FILES.includes(required))
    failures.push(`storefront-islands.php requires ${required}, which plugin/files.mjs does not copy into dist/`);
}

const tests = spawnSync(PHP, [join(PLUGIN, 'tests', 'run.php')], { stdio: 'inherit' });
if (tests.status !== 0) failures.push(`${relative(ROOT, join(PLUGIN, 'tests', 'run.php'))} failed`);

if (failures.length) {
  console.error(`\ntest:php failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}

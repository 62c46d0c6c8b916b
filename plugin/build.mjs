// Run by `npm run build` after the three vite builds: writes the WordPress plugin into dist/, so dist/ copied to
// wp-content/plugins/storefront-islands/ is the whole install. After the builds, because the default build empties
// dist/. Fails when a file the plugin enqueues is missing (the paths of decide.php's storefront_islands_builds()).
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PLUGIN = dirname(fileURLToPath(import.meta.url));
const DIST = join(PLUGIN, '..', 'dist');
const FILES = ['storefront-islands.php', 'uninstall.php', 'readme.txt', 'includes/decide.php', 'includes/wordpress.php'];
const ENQUEUED = ['storefront.js', 'storefront.classic.js', 'compact/storefront.js', 'compact/storefront.classic.js'];

const missing = ENQUEUED.filter((file) => !existsSync(join(DIST, file)));
if (missing.length) {
  console.error(`plugin: dist/ lacks ${missing.join(', ')}, which the plugin enqueues: run the vite builds first (npm run build)`);
  process.exit(1);
}
mkdirSync(join(DIST, 'includes'), { recursive: true });
for (const file of FILES) cpSync(join(PLUGIN, file), join(DIST, file));
console.log(`plugin: ${FILES.length} files written to dist/ (copy dist/ to wp-content/plugins/storefront-islands/)`);

// What `npm run build` copies into dist/ besides the bundle, and the bundle files the plugin enqueues (the paths
// of decide.php's storefront_islands_builds(): `npm run test:php` checks that both name the same files).
export const PLUGIN_FILES = ['storefront-islands.php', 'uninstall.php', 'readme.txt', 'includes/decide.php', 'includes/wordpress.php'];
export const ENQUEUED = ['storefront.js', 'storefront.classic.js', 'compact/storefront.js', 'compact/storefront.classic.js'];

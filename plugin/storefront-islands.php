<?php
/**
 * Plugin Name:       Storefront Islands
 * Description:       Replaces WooCommerce's, Contact Form 7's and Avada's jQuery scripts with small, fast, accessible widgets mounted over the markup your shop already prints.
 * Version:           0.1.0
 * Requires at least: 6.3
 * Requires PHP:      7.4
 * Author:            storefront-islands
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       storefront-islands
 *
 * @package StorefrontIslands
 */

defined( 'ABSPATH' ) || exit;

// The bundle's version: the `?ver=` of its tag. `npm test` checks it against package.json and the header above.
define( 'STOREFRONT_ISLANDS_VERSION', '0.1.0' );
// This file sits beside storefront.js and compact/ (the plugin's folder is the build's dist/): URLs resolve from it.
define( 'STOREFRONT_ISLANDS_FILE', __FILE__ );

require_once __DIR__ . '/includes/decide.php';
require_once __DIR__ . '/includes/wordpress.php';

<?php
/**
 * Deleting the plugin deletes its one option.
 *
 * @package StorefrontIslands
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'storefront_islands' );

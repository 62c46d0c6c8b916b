<?php
/**
 * The WordPress side: hooks, the settings page and the filters theme developers use. Every decision is made by
 * the plain functions in decide.php; this file gathers their inputs from WordPress and applies their answers.
 *
 * Filters:
 * - `storefront_islands_enabled` (bool, true): false leaves the page as WordPress prints it (no tag, nothing
 *   replaced). Called from wp_enqueue_scripts on, where conditional tags work.
 * - `storefront_islands_build` ('compact' or 'react'): the build, over the owner's choice.
 * - `storefront_islands_theme` ('auto', 'avada' or 'off'): the theme behaviours, over the owner's choice.
 * - `storefront_islands_replaced_handles` (string[], with the settings as second argument): script handles
 *   whose source is emptied while their inline globals still print.
 * - `storefront_islands_removed_handles` (array{scripts: string[], styles: string[]}): handles taken off the
 *   page where nothing still enqueued needs them (the gallery's).
 * - `storefront_islands_kept_handles` (string[]): dependencies of replaced handles that do a job of their own
 *   and stay (the country select, ...).
 *
 * @package StorefrontIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * The settings for this request: the owner's, then the theme developer's filters, each value checked.
 *
 * @return array{build: string, theme: string}
 */
function storefront_islands_settings() {
	$saved = storefront_islands_sanitize_settings( get_option( 'storefront_islands' ) );
	return storefront_islands_sanitize_settings(
		array(
			'build' => apply_filters( 'storefront_islands_build', $saved['build'] ),
			'theme' => apply_filters( 'storefront_islands_theme', $saved['theme'] ),
		)
	);
}

/**
 * Whether the plugin acts on this request (`storefront_islands_enabled`).
 *
 * @return bool
 */
function storefront_islands_enabled() {
	return (bool) apply_filters( 'storefront_islands_enabled', true );
}

/**
 * The module tag (WordPress 6.5+): WordPress prints it in the footer on classic themes and in the head on block
 * themes, as `<script type="module" src=".../storefront.js?ver=..." id="storefront-islands-js-module">`.
 * Before 6.5, the classic tag: a deferred footer script that adds the module tag beside it.
 */
function storefront_islands_enqueue() {
	if ( ! storefront_islands_enabled() ) {
		return;
	}
	$builds = storefront_islands_builds();
	$files  = $builds[ storefront_islands_settings()['build'] ];
	if ( function_exists( 'wp_enqueue_script_module' ) ) {
		wp_enqueue_script_module( 'storefront-islands', plugins_url( $files['module'], STOREFRONT_ISLANDS_FILE ), array(), STOREFRONT_ISLANDS_VERSION );
		return;
	}
	wp_enqueue_script(
		'storefront-islands',
		plugins_url( $files['classic'], STOREFRONT_ISLANDS_FILE ),
		array(),
		STOREFRONT_ISLANDS_VERSION,
		array(
			'strategy'  => 'defer',
			'in_footer' => true,
		)
	);
}
add_action( 'wp_enqueue_scripts', 'storefront_islands_enqueue' );

/**
 * The theme mode reaches the bundle as the tag's `data-theme-behaviours` attribute (module tag).
 *
 * @param array<string, mixed> $attributes The tag's attributes.
 * @return array<string, mixed>
 */
function storefront_islands_module_tag( $attributes ) {
	// Every script tag printed through wp_get_script_tag() passes here: ours is told by its id before anything else.
	if ( ! is_array( $attributes ) || ! isset( $attributes['id'] ) || 'storefront-islands-js-module' !== $attributes['id'] || ! storefront_islands_enabled() ) {
		return $attributes;
	}
	return storefront_islands_module_attributes( $attributes, 'storefront-islands-js-module', storefront_islands_settings()['theme'] );
}
add_filter( 'wp_script_attributes', 'storefront_islands_module_tag' );

/**
 * The same attribute on the classic tag (WordPress before 6.5).
 *
 * @param string $tag    The printed HTML.
 * @param string $handle The script's handle.
 * @return string
 */
function storefront_islands_classic_tag( $tag, $handle ) {
	if ( 'storefront-islands' !== $handle ) {
		return $tag;
	}
	return storefront_islands_add_tag_attribute( $tag, 'storefront-islands-js', 'data-theme-behaviours', storefront_islands_settings()['theme'] );
}
add_filter( 'script_loader_tag', 'storefront_islands_classic_tag', 10, 2 );

/**
 * Each registered handle => its dependencies.
 *
 * @param WP_Dependencies $dependencies wp_scripts() or wp_styles().
 * @return array<string, string[]>
 */
function storefront_islands_graph( $dependencies ) {
	$graph = array();
	foreach ( $dependencies->registered as $handle => $item ) {
		$graph[ $handle ] = array_values( (array) $item->deps );
	}
	return $graph;
}

/**
 * Empties the replaced handles' sources (their globals still print), takes the gallery's scripts and styles off
 * the page and drops the dependencies nothing needs any more (storefront_islands_plan()). Runs after every
 * plugin's wp_enqueue_scripts, and again before the footer's scripts print, for what was enqueued while the page
 * was rendered (a shortcode's script). Running twice changes nothing the first run did.
 */
function storefront_islands_replace() {
	// The footer's hook also fires on wp-login.php, where the front end's scripts were never enqueued.
	if ( ! did_action( 'wp_enqueue_scripts' ) || ! storefront_islands_enabled() ) {
		return;
	}
	$settings = storefront_islands_settings();
	$avada    = storefront_islands_avada_on( $settings['theme'], (string) get_template() );
	$emptied  = (array) apply_filters( 'storefront_islands_replaced_handles', storefront_islands_default_replaced_handles( $avada ), $settings );
	$removed  = (array) apply_filters( 'storefront_islands_removed_handles', storefront_islands_default_removed_handles() );
	$kept     = (array) apply_filters( 'storefront_islands_kept_handles', storefront_islands_default_kept_handles() );
	$removed += array(
		'scripts' => array(),
		'styles'  => array(),
	);

	$scripts = wp_scripts();
	$plan    = storefront_islands_plan( storefront_islands_graph( $scripts ), $scripts->queue, $emptied, (array) $removed['scripts'], $kept );
	foreach ( $plan['deps'] as $handle => $deps ) {
		$scripts->registered[ $handle ]->src  = false;
		$scripts->registered[ $handle ]->deps = $deps;
	}
	foreach ( $plan['dequeue'] as $handle ) {
		wp_dequeue_script( $handle );
	}

	$styles = wp_styles();
	$plan   = storefront_islands_plan( storefront_islands_graph( $styles ), $styles->queue, array(), (array) $removed['styles'], array() );
	foreach ( $plan['dequeue'] as $handle ) {
		wp_dequeue_style( $handle );
	}

	// WooCommerce's PhotoSwipe 4 markup (`div.pswp`) serves its lightbox script only; it stays while that
	// script still prints (something on the page needs it).
	if ( ! wp_script_is( 'wc-photoswipe', 'enqueued' ) && ! wp_script_is( 'photoswipe', 'enqueued' ) ) {
		remove_action( 'wp_footer', 'woocommerce_photoswipe' );
	}
}
add_action( 'wp_enqueue_scripts', 'storefront_islands_replace', 100 );
add_action( 'wp_print_footer_scripts', 'storefront_islands_replace', 5 );

/**
 * The owner's choices: Settings → Storefront Islands.
 */
function storefront_islands_register_settings() {
	register_setting(
		'storefront_islands',
		'storefront_islands',
		array(
			'type'              => 'array',
			'sanitize_callback' => 'storefront_islands_sanitize_settings',
			'default'           => storefront_islands_sanitize_settings( array() ),
		)
	);
	add_settings_section( 'storefront_islands_main', '', '__return_false', 'storefront-islands' );
	add_settings_field(
		'storefront_islands_build',
		__( 'Build', 'storefront-islands' ),
		'storefront_islands_render_choice',
		'storefront-islands',
		'storefront_islands_main',
		array(
			'key'     => 'build',
			'legend'  => __( 'Build', 'storefront-islands' ),
			'choices' => array(
				'compact' => __( 'Compact (preact/compat): the same widgets for a twelfth of the framework bytes. Recommended.', 'storefront-islands' ),
				'react'   => __( 'React 19: when something else on your pages needs React itself.', 'storefront-islands' ),
			),
		)
	);
	add_settings_field(
		'storefront_islands_theme',
		__( 'Theme behaviours', 'storefront-islands' ),
		'storefront_islands_render_choice',
		'storefront-islands',
		'storefront_islands_main',
		array(
			'key'     => 'theme',
			'legend'  => __( 'Theme behaviours', 'storefront-islands' ),
			'choices' => array(
				'auto'  => __( 'Automatic: a theme\'s behaviours run only where that theme is on the page.', 'storefront-islands' ),
				'avada' => __( 'Avada: always run Avada\'s behaviours (quantity buttons, heading and alert markup, sticky bar, menus).', 'storefront-islands' ),
				'off'   => __( 'Off: WooCommerce\'s and Contact Form 7\'s behaviours only.', 'storefront-islands' ),
			),
		)
	);
}
add_action( 'admin_init', 'storefront_islands_register_settings' );

/**
 * One group of radio buttons.
 *
 * @param array{key: string, legend: string, choices: array<string, string>} $args The field.
 */
function storefront_islands_render_choice( $args ) {
	$settings = storefront_islands_sanitize_settings( get_option( 'storefront_islands' ) );
	echo '<fieldset><legend class="screen-reader-text">' . esc_html( $args['legend'] ) . '</legend>';
	foreach ( $args['choices'] as $value => $label ) {
		printf(
			'<label><input type="radio" name="storefront_islands[%1$s]" value="%2$s"%3$s> %4$s</label><br>',
			esc_attr( $args['key'] ),
			esc_attr( $value ),
			checked( $settings[ $args['key'] ], $value, false ),
			esc_html( $label )
		);
	}
	echo '</fieldset>';
}

/**
 * The settings page.
 */
function storefront_islands_render_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1><form action="options.php" method="post">';
	settings_fields( 'storefront_islands' );
	do_settings_sections( 'storefront-islands' );
	submit_button();
	echo '</form></div>';
}

/**
 * The page under Settings, and a "Settings" link on the plugin's row.
 */
function storefront_islands_admin_menu() {
	add_options_page( 'Storefront Islands', 'Storefront Islands', 'manage_options', 'storefront-islands', 'storefront_islands_render_page' );
}
add_action( 'admin_menu', 'storefront_islands_admin_menu' );

/**
 * The "Settings" link on the plugins screen.
 *
 * @param string[] $links The row's links.
 * @return string[]
 */
function storefront_islands_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=storefront-islands' );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'storefront-islands' ) . '</a>' );
	return $links;
}
add_filter( 'plugin_action_links_' . plugin_basename( STOREFRONT_ISLANDS_FILE ), 'storefront_islands_action_links' );

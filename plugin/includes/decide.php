<?php
/**
 * The plugin's decisions, as plain functions of arrays and strings: no WordPress call in this file, so the PHP
 * CLI tests them as they are (plugin/tests/). The WordPress side (plugin/includes/wordpress.php) only gathers
 * the inputs from WordPress and applies the answers.
 *
 * @package StorefrontIslands
 */

if ( ! defined( 'STOREFRONT_ISLANDS_DECIDE' ) ) {
	define( 'STOREFRONT_ISLANDS_DECIDE', true );

	/**
	 * The builds the owner chooses between, by setting value: the module entry and the classic loader beside it,
	 * relative to the plugin's folder (`npm run build` writes the React build to dist/ and the compact one to
	 * dist/compact/, and the plugin's folder is dist/).
	 *
	 * @return array<string, array{module: string, classic: string}>
	 */
	function storefront_islands_builds() {
		return array(
			'compact' => array(
				'module'  => 'compact/storefront.js',
				'classic' => 'compact/storefront.classic.js',
			),
			'react'   => array(
				'module'  => 'storefront.js',
				'classic' => 'storefront.classic.js',
			),
		);
	}

	/**
	 * The theme-behaviour modes, as the bundle reads them from the tag's `data-theme-behaviours` attribute:
	 * `auto` (the bundle decides from what the theme prints), `avada` (Avada's behaviours on), `off` (none).
	 *
	 * @return string[]
	 */
	function storefront_islands_theme_modes() {
		return array( 'auto', 'avada', 'off' );
	}

	/**
	 * The saved settings, whatever the database or a form holds: a known build and a known theme mode, else the
	 * defaults (compact: the same behaviour for a twelfth of the framework bytes; automatic theme behaviours).
	 *
	 * @param mixed $input The option's value or the posted form.
	 * @return array{build: string, theme: string}
	 */
	function storefront_islands_sanitize_settings( $input ) {
		$input = is_array( $input ) ? $input : array();
		$build = isset( $input['build'] ) && is_string( $input['build'] ) ? $input['build'] : '';
		$theme = isset( $input['theme'] ) && is_string( $input['theme'] ) ? $input['theme'] : '';
		return array(
			'build' => array_key_exists( $build, storefront_islands_builds() ) ? $build : 'compact',
			'theme' => in_array( $theme, storefront_islands_theme_modes(), true ) ? $theme : 'auto',
		);
	}

	/**
	 * Whether Avada is the theme on the page, as far as the server knows: the active theme or its parent. The
	 * bundle makes its own decision in `auto` from what the page prints; this one only chooses which of Avada's
	 * script handles to empty.
	 *
	 * @param string $mode     The theme mode (auto, avada, off).
	 * @param string $template The active template's folder name (the parent theme's for a child theme).
	 * @return bool
	 */
	function storefront_islands_avada_on( $mode, $template ) {
		if ( 'avada' === $mode ) {
			return true;
		}
		return 'auto' === $mode && 'avada' === strtolower( $template );
	}

	/**
	 * The script handles whose source the bundle replaces: their sources are emptied, and the handles stay
	 * enqueued, so WordPress still prints their inline globals (`wc_add_to_cart_params`, `wpcf7`, ...), which the
	 * widgets read. Avada's handles join only where Avada's behaviours run.
	 *
	 * Avada's handles are those our Avada pages print globals for (`fusionLightboxVars`, `avadaLiveSearchVars`,
	 * `avadaPrivacyVars`, `fusionFlexSliderVars`, `fusionTypographyVars`); no real Avada install was recorded.
	 * Never Avada's `avada` handle or its compiled `fusion-scripts` file: they also hold what the bundle does not
	 * replace (modals, tooltips).
	 *
	 * @param bool $avada Whether Avada's behaviours run (storefront_islands_avada_on()).
	 * @return string[]
	 */
	function storefront_islands_default_replaced_handles( $avada ) {
		$handles = array(
			'wc-add-to-cart',
			'wc-cart-fragments',
			'wc-add-to-cart-variation',
			'wc-single-product',
			'wc-cart',
			'wc-checkout',
			'contact-form-7',
		);
		if ( $avada ) {
			$handles = array_merge(
				$handles,
				array( 'avada-lightbox', 'avada-live-search', 'avada-privacy', 'fusion-flexslider', 'fusion-responsive-typography' )
			);
		}
		return $handles;
	}

	/**
	 * The gallery's scripts and styles the bundle's gallery and lightbox replace: removed from the page, not
	 * emptied (they print no globals the bundle reads; `wc_single_product_params` belongs to wc-single-product).
	 * WooCommerce 10.3 renamed its bundled libraries with a `wc-` prefix: both names are listed.
	 *
	 * @return array{scripts: string[], styles: string[]}
	 */
	function storefront_islands_default_removed_handles() {
		return array(
			'scripts' => array(
				'wc-zoom',
				'wc-flexslider',
				'wc-photoswipe',
				'wc-photoswipe-ui-default',
				'zoom',
				'flexslider',
				'photoswipe',
				'photoswipe-ui-default',
			),
			'styles'  => array( 'photoswipe', 'photoswipe-default-skin' ),
		);
	}

	/**
	 * Dependencies of the emptied handles that do a job of their own the bundle does not replace, so they stay
	 * where an emptied handle brought them: `woocommerce` (the password toggle, and its `woocommerce_params`),
	 * the country and state selects and address fields, and the API hosted payment gateways draw their own
	 * "Place order" button with.
	 *
	 * @return string[]
	 */
	function storefront_islands_default_kept_handles() {
		return array( 'woocommerce', 'wc-country-select', 'wc-address-i18n', 'wc-custom-place-order-button' );
	}

	/**
	 * What stays on the page once the bundle replaces some handles, decided on WordPress's dependency graph.
	 *
	 * A dependency exists for the code that declared it. An emptied handle's code is gone, so its dependencies are
	 * needed only where something still on the page needs them: a handle still enqueued (not removed) and what
	 * it depends on, transitively, or one of the kept handles. Removed handles leave unless something still
	 * needed depends on them (a theme's slider built on flexslider keeps flexslider).
	 *
	 * @param array<string, string[]> $graph   Every registered handle => the handles it depends on.
	 * @param string[]                $queue   The enqueued handles.
	 * @param string[]                $emptied Handles whose source is emptied (they stay enqueued for their globals).
	 * @param string[]                $removed Handles whose job the bundle does.
	 * @param string[]                $kept    Handles that do a job of their own (see storefront_islands_default_kept_handles()).
	 * @return array{deps: array<string, string[]>, dequeue: string[], dropped: string[]}
	 *   deps: each emptied, registered handle => the dependencies it keeps (in their order);
	 *   dequeue: the removed handles to take out of the queue;
	 *   dropped: every handle that printed before and no longer does (sorted).
	 */
	function storefront_islands_plan( array $graph, array $queue, array $emptied, array $removed, array $kept ) {
		$emptied_set = array_fill_keys( $emptied, true );
		$removed_set = array_fill_keys( $removed, true );
		$kept_set    = array_fill_keys( $kept, true );

		$edges = function ( $handle ) use ( $graph, $emptied_set, $kept_set ) {
			$deps = isset( $graph[ $handle ] ) ? $graph[ $handle ] : array();
			if ( isset( $emptied_set[ $handle ] ) ) {
				$deps = array_values(
					array_filter(
						$deps,
						function ( $dep ) use ( $kept_set ) {
							return isset( $kept_set[ $dep ] );
						}
					)
				);
			}
			return $deps;
		};

		$roots = array();
		foreach ( $queue as $handle ) {
			if ( ! isset( $removed_set[ $handle ] ) || isset( $emptied_set[ $handle ] ) ) {
				$roots[] = $handle;
			}
		}
		$needed = storefront_islands_closure( $roots, $edges );
		$before = storefront_islands_closure(
			$queue,
			function ( $handle ) use ( $graph ) {
				return isset( $graph[ $handle ] ) ? $graph[ $handle ] : array();
			}
		);

		$deps = array();
		foreach ( $emptied as $handle ) {
			if ( ! isset( $graph[ $handle ] ) ) {
				continue;
			}
			$deps[ $handle ] = array_values(
				array_filter(
					$graph[ $handle ],
					function ( $dep ) use ( $needed ) {
						return isset( $needed[ $dep ] );
					}
				)
			);
		}

		$dequeue = array();
		foreach ( $queue as $handle ) {
			if ( isset( $removed_set[ $handle ] ) && ! isset( $needed[ $handle ] ) ) {
				$dequeue[] = $handle;
			}
		}

		$dropped = array_keys( array_diff_key( $before, $needed ) );
		sort( $dropped );

		return array(
			'deps'    => $deps,
			'dequeue' => array_values( array_unique( $dequeue ) ),
			'dropped' => $dropped,
		);
	}

	/**
	 * Every handle reachable from the roots, the roots included, as a set (handle => true). Unregistered handles
	 * are reached too (WordPress skips them when printing; here they only answer "is it needed").
	 *
	 * @param string[] $roots Where to start.
	 * @param callable $edges handle => the handles it depends on.
	 * @return array<string, true>
	 */
	function storefront_islands_closure( array $roots, $edges ) {
		$seen  = array();
		$stack = $roots;
		while ( $stack ) {
			$handle = array_pop( $stack );
			if ( isset( $seen[ $handle ] ) ) {
				continue;
			}
			$seen[ $handle ] = true;
			foreach ( $edges( $handle ) as $dep ) {
				if ( ! isset( $seen[ $dep ] ) ) {
					$stack[] = $dep;
				}
			}
		}
		return $seen;
	}

	/**
	 * The module tag's attributes with the theme mode added, for WordPress's `wp_script_attributes` filter (which
	 * sees every script tag printed through wp_get_script_tag()); other tags are returned as they came.
	 *
	 * @param array<string, mixed> $attributes The tag's attributes.
	 * @param string               $id         Our module tag's id (storefront-islands-js-module).
	 * @param string               $theme      The theme mode.
	 * @return array<string, mixed>
	 */
	function storefront_islands_module_attributes( array $attributes, $id, $theme ) {
		if ( isset( $attributes['id'] ) && $id === $attributes['id'] && ! isset( $attributes['data-theme-behaviours'] ) ) {
			$attributes['data-theme-behaviours'] = $theme;
		}
		return $attributes;
	}

	/**
	 * Adds an attribute to the first tag of a printed `<script ...>` string (the classic tag's filter gives the
	 * whole HTML, inline scripts before and after included), unless the tag already has it.
	 *
	 * @param string $html  The printed HTML.
	 * @param string $id    The tag's id attribute value (e.g. storefront-islands-js).
	 * @param string $name  Attribute name.
	 * @param string $value Attribute value (escaped here).
	 * @return string
	 */
	function storefront_islands_add_tag_attribute( $html, $id, $name, $value ) {
		$pattern = '/<script\b(?=[^>]*\bid=([\'"])' . preg_quote( $id, '/' ) . '\1)([^>]*)>/';
		return (string) preg_replace_callback(
			$pattern,
			function ( $match ) use ( $name, $value ) {
				if ( preg_match( '/\s' . preg_quote( $name, '/' ) . '=/', $match[2] ) ) {
					return $match[0];
				}
				$escaped = htmlspecialchars( $value, ENT_QUOTES, 'UTF-8' );
				return '<script' . $match[2] . ' ' . $name . '="' . $escaped . '">';
			},
			$html,
			1
		);
	}
}

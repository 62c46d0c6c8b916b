<?php
/**
 * The plugin's decisions on the real shop's dependency graph (WooCommerce 11.0.1, Contact Form 7 6.1.6,
 * Storefront 4.6.2: the handles and their order in ../shared/realshop/pages/).
 *
 * @package StorefrontIslands
 */

require_once dirname( __DIR__ ) . '/includes/decide.php';

/**
 * The scripts WordPress registers on the real shop's pages, handle => dependencies.
 *
 * @return array<string, string[]>
 */
function realshop_scripts() {
	return array(
		'jquery'                        => array( 'jquery-core', 'jquery-migrate' ),
		'jquery-core'                   => array(),
		'jquery-migrate'                => array(),
		'wc-jquery-blockui'             => array( 'jquery' ),
		'wc-js-cookie'                  => array(),
		'wc-add-to-cart'                => array( 'jquery', 'wc-jquery-blockui' ),
		'woocommerce'                   => array( 'jquery', 'wc-jquery-blockui', 'wc-js-cookie' ),
		'wc-cart-fragments'             => array( 'jquery', 'wc-js-cookie' ),
		'wc-zoom'                       => array( 'jquery' ),
		'wc-flexslider'                 => array( 'jquery' ),
		'wc-photoswipe'                 => array(),
		'wc-photoswipe-ui-default'      => array( 'wc-photoswipe' ),
		'wc-single-product'             => array( 'jquery' ),
		'underscore'                    => array(),
		'wp-util'                       => array( 'underscore', 'jquery' ),
		'wc-add-to-cart-variation'      => array( 'jquery', 'wp-util', 'wc-jquery-blockui' ),
		'selectWoo'                     => array( 'jquery' ),
		'wc-country-select'             => array( 'jquery' ),
		'wc-address-i18n'               => array( 'jquery', 'wc-country-select' ),
		'wc-cart'                       => array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n' ),
		'wc-custom-place-order-button'  => array(),
		'wc-checkout'                   => array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n', 'wc-custom-place-order-button' ),
		'wp-hooks'                      => array(),
		'wp-i18n'                       => array( 'wp-hooks' ),
		'swv'                           => array(),
		'contact-form-7'                => array( 'swv', 'wp-i18n' ),
		'sourcebuster-js'               => array(),
		'wc-order-attribution'          => array( 'jquery', 'sourcebuster-js' ),
		'storefront-navigation'         => array(),
		'storefront-header-cart'        => array(),
		'storefront-sticky-add-to-cart' => array(),
		'comment-reply'                 => array(),
	);
}

/** What every real page enqueues besides its own scripts. */
function realshop_every_page() {
	return array( 'wc-add-to-cart', 'woocommerce', 'wc-cart-fragments', 'contact-form-7', 'storefront-navigation', 'wc-order-attribution', 'storefront-header-cart' );
}

/**
 * The plan with the plugin's defaults (no Avada).
 *
 * @param string[]                $queue The enqueued handles.
 * @param array<string, string[]> $extra Handles a theme or plugin registers.
 */
function realshop_plan( array $queue, array $extra = array() ) {
	$removed = storefront_islands_default_removed_handles();
	return storefront_islands_plan(
		array_merge( realshop_scripts(), $extra ),
		$queue,
		storefront_islands_default_replaced_handles( false ),
		$removed['scripts'],
		storefront_islands_default_kept_handles()
	);
}

test(
	'variable product page: the gallery scripts leave, and the emptied handles\' helpers nothing else needs',
	function () {
		$queue = array_merge(
			realshop_every_page(),
			array( 'wc-zoom', 'wc-flexslider', 'wc-photoswipe-ui-default', 'wc-single-product', 'wc-add-to-cart-variation', 'comment-reply', 'storefront-sticky-add-to-cart' )
		);
		$plan  = realshop_plan( $queue );
		same( array( 'swv', 'underscore', 'wc-flexslider', 'wc-photoswipe', 'wc-photoswipe-ui-default', 'wc-zoom', 'wp-hooks', 'wp-i18n', 'wp-util' ), $plan['dropped'], 'dropped' );
		same( array( 'wc-zoom', 'wc-flexslider', 'wc-photoswipe-ui-default' ), $plan['dequeue'], 'dequeue' );
		// jQuery and blockUI stay for WooCommerce's own woocommerce.js (not replaced): the emptied handle keeps
		// them in its list, which changes nothing printed.
		same( array( 'jquery', 'wc-jquery-blockui' ), $plan['deps']['wc-add-to-cart-variation'], 'wc-add-to-cart-variation deps' );
		same( array(), $plan['deps']['contact-form-7'], 'contact-form-7 deps' );
		same( array( 'jquery' ), $plan['deps']['wc-single-product'], 'wc-single-product deps' );
	}
);

test(
	'cart and checkout keep the country and state selects, the address fields, woocommerce.js and the gateways\' button API',
	function () {
		$cart = realshop_plan( array_merge( realshop_every_page(), array( 'wc-cart', 'selectWoo' ) ) );
		same( array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n' ), $cart['deps']['wc-cart'], 'wc-cart deps' );
		same( array( 'swv', 'wp-hooks', 'wp-i18n' ), $cart['dropped'], 'cart dropped' );

		$checkout = realshop_plan( array_merge( realshop_every_page(), array( 'wc-checkout', 'selectWoo' ) ) );
		same( array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n', 'wc-custom-place-order-button' ), $checkout['deps']['wc-checkout'], 'wc-checkout deps' );
		same( array(), $checkout['dequeue'], 'checkout dequeue' );
	}
);

test(
	'a kept handle reached only through an emptied one still stays (the country select on the cart page)',
	function () {
		$plan = realshop_plan( array( 'wc-cart' ) );
		same( array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n' ), $plan['deps']['wc-cart'], 'wc-cart deps' );
		same( array(), $plan['dropped'], 'dropped' );
	}
);

test(
	'with woocommerce.js replaced too (a filter), blockUI and js-cookie leave, and so does jQuery where nothing else needs it',
	function () {
		$plan = storefront_islands_plan(
			realshop_scripts(),
			array( 'wc-add-to-cart', 'woocommerce', 'wc-cart-fragments', 'storefront-navigation' ),
			array( 'wc-add-to-cart', 'woocommerce', 'wc-cart-fragments' ),
			array(),
			array()
		);
		same( array( 'jquery', 'jquery-core', 'jquery-migrate', 'wc-jquery-blockui', 'wc-js-cookie' ), $plan['dropped'], 'dropped' );
		same( array(), $plan['deps']['woocommerce'], 'woocommerce deps' );
	}
);

test(
	'what a theme or plugin still enqueued needs stays: its slider on flexslider, its templates on wp-util, wp-i18n enqueued on its own',
	function () {
		$queue = array_merge(
			realshop_every_page(),
			array( 'wc-zoom', 'wc-flexslider', 'wc-photoswipe-ui-default', 'wc-single-product', 'wc-add-to-cart-variation', 'theme-slider', 'theme-templates', 'wp-i18n' )
		);
		$plan  = realshop_plan(
			$queue,
			array(
				'theme-slider'    => array( 'wc-flexslider' ),
				'theme-templates' => array( 'wp-util' ),
			)
		);
		same( array( 'wc-zoom', 'wc-photoswipe-ui-default' ), $plan['dequeue'], 'dequeue' );
		same( array( 'swv', 'wc-photoswipe', 'wc-photoswipe-ui-default', 'wc-zoom' ), $plan['dropped'], 'dropped' );
		same( array( 'jquery', 'wp-util', 'wc-jquery-blockui' ), $plan['deps']['wc-add-to-cart-variation'], 'wc-add-to-cart-variation deps' );
		same( array( 'wp-i18n' ), $plan['deps']['contact-form-7'], 'contact-form-7 deps' );
	}
);

test(
	'styles: the PhotoSwipe skin and its base leave, unless a theme stylesheet is built on the base',
	function () {
		$removed = storefront_islands_default_removed_handles();
		$styles  = array(
			'photoswipe'              => array(),
			'photoswipe-default-skin' => array( 'photoswipe' ),
			'storefront-style'        => array(),
			'theme-lightbox'          => array( 'photoswipe' ),
		);
		$plain   = storefront_islands_plan( $styles, array( 'photoswipe-default-skin', 'storefront-style' ), array(), $removed['styles'], array() );
		same( array( 'photoswipe-default-skin' ), $plain['dequeue'], 'dequeue' );
		same( array( 'photoswipe', 'photoswipe-default-skin' ), $plain['dropped'], 'dropped' );

		$themed = storefront_islands_plan( $styles, array( 'photoswipe-default-skin', 'theme-lightbox' ), array(), $removed['styles'], array() );
		same( array( 'photoswipe-default-skin' ), $themed['dequeue'], 'dequeue with a theme style on photoswipe' );
		same( array( 'photoswipe-default-skin' ), $themed['dropped'], 'dropped with a theme style on photoswipe' );
	}
);

test(
	'WooCommerce before 10.3: the gallery\'s unprefixed handles leave the same way',
	function () {
		$graph = array(
			'jquery'                => array(),
			'zoom'                  => array( 'jquery' ),
			'flexslider'            => array( 'jquery' ),
			'photoswipe'            => array(),
			'photoswipe-ui-default' => array( 'photoswipe' ),
			'wc-single-product'     => array( 'jquery' ),
		);
		$removed = storefront_islands_default_removed_handles();
		$plan    = storefront_islands_plan( $graph, array( 'zoom', 'flexslider', 'photoswipe-ui-default', 'wc-single-product' ), array( 'wc-single-product' ), $removed['scripts'], array() );
		same( array( 'zoom', 'flexslider', 'photoswipe-ui-default' ), $plan['dequeue'], 'dequeue' );
		same( array( 'flexslider', 'jquery', 'photoswipe', 'photoswipe-ui-default', 'zoom' ), $plan['dropped'], 'dropped' );
	}
);

test(
	'handles not registered or not enqueued, and dependency cycles, change nothing and end',
	function () {
		$plan = storefront_islands_plan(
			array(
				'a'              => array( 'b' ),
				'b'              => array( 'a' ),
				'wc-add-to-cart' => array( 'b' ),
			),
			array( 'a' ),
			array( 'wc-add-to-cart', 'contact-form-7' ),
			array( 'wc-zoom' ),
			array()
		);
		same( array( 'wc-add-to-cart' => array( 'b' ) ), $plan['deps'], 'deps' );
		same( array(), $plan['dequeue'], 'dequeue' );
		same( array(), $plan['dropped'], 'dropped' );
	}
);

test(
	'settings: a known build and theme mode pass, anything else gives compact and automatic',
	function () {
		same( array( 'build' => 'compact', 'theme' => 'auto' ), storefront_islands_sanitize_settings( false ), 'no option yet' );
		same( array( 'build' => 'react', 'theme' => 'off' ), storefront_islands_sanitize_settings( array( 'build' => 'react', 'theme' => 'off' ) ), 'valid' );
		same( array( 'build' => 'compact', 'theme' => 'avada' ), storefront_islands_sanitize_settings( array( 'build' => 'React', 'theme' => 'avada', 'x' => 1 ) ), 'wrong case, extra key' );
		same( array( 'build' => 'compact', 'theme' => 'auto' ), storefront_islands_sanitize_settings( array( 'build' => array( 'react' ), 'theme' => 1 ) ), 'wrong types' );
	}
);

test(
	'Avada\'s handles are emptied where its behaviours run: chosen, or automatic with Avada (or a child of it) active',
	function () {
		same( true, storefront_islands_avada_on( 'auto', 'Avada' ), 'auto on Avada' );
		same( false, storefront_islands_avada_on( 'auto', 'storefront' ), 'auto on Storefront' );
		same( true, storefront_islands_avada_on( 'avada', 'storefront' ), 'chosen on Storefront' );
		same( false, storefront_islands_avada_on( 'off', 'Avada' ), 'off on Avada' );
		$plain = storefront_islands_default_replaced_handles( false );
		$avada = storefront_islands_default_replaced_handles( true );
		same( array( 'wc-add-to-cart', 'wc-cart-fragments', 'wc-add-to-cart-variation', 'wc-single-product', 'wc-cart', 'wc-checkout', 'contact-form-7' ), $plain, 'without Avada' );
		same( $plain, array_slice( $avada, 0, count( $plain ) ), 'with Avada: the same first' );
		same( array( 'avada-lightbox', 'avada-live-search', 'avada-privacy', 'fusion-flexslider', 'fusion-responsive-typography' ), array_slice( $avada, count( $plain ) ), 'with Avada: its handles' );
	}
);

test(
	'the classic tag gets the theme mode on its own <script> only',
	function () {
		$html = "<script id='storefront-islands-js-before'>x</script>\n<script src='https://shop.test/s.js?ver=1' id='storefront-islands-js' defer data-wp-strategy='defer'></script>\n";
		same(
			"<script id='storefront-islands-js-before'>x</script>\n<script src='https://shop.test/s.js?ver=1' id='storefront-islands-js' defer data-wp-strategy='defer' data-theme-behaviours=\"off\"></script>\n",
			storefront_islands_add_tag_attribute( $html, 'storefront-islands-js', 'data-theme-behaviours', 'off' ),
			'added'
		);
		$given = '<script src="s.js" id="storefront-islands-js" data-theme-behaviours="avada"></script>';
		same( $given, storefront_islands_add_tag_attribute( $given, 'storefront-islands-js', 'data-theme-behaviours', 'off' ), 'a theme\'s own value stays' );
		$other = "<script src='o.js' id='other-js'></script>";
		same( $other, storefront_islands_add_tag_attribute( $other, 'storefront-islands-js', 'data-theme-behaviours', 'off' ), 'another tag' );
		same( '<script id="storefront-islands-js" data-x="&quot;&lt;">', storefront_islands_add_tag_attribute( '<script id="storefront-islands-js">', 'storefront-islands-js', 'data-x', '"<' ), 'escaped' );
	}
);

test(
	'the module tag gets the theme mode in its attributes; other tags and a given value are left alone',
	function () {
		$id = 'storefront-islands-js-module';
		same(
			array( 'type' => 'module', 'src' => 's.js', 'id' => $id, 'data-theme-behaviours' => 'auto' ),
			storefront_islands_module_attributes( array( 'type' => 'module', 'src' => 's.js', 'id' => $id ), $id, 'auto' ),
			'ours'
		);
		same( array( 'id' => 'other-js-module' ), storefront_islands_module_attributes( array( 'id' => 'other-js-module' ), $id, 'auto' ), 'other' );
		same( array( 'id' => $id, 'data-theme-behaviours' => 'off' ), storefront_islands_module_attributes( array( 'id' => $id, 'data-theme-behaviours' => 'off' ), $id, 'avada' ), 'given' );
	}
);

<?php
/**
 * A tiny test runner for the plugin's plain functions: `php plugin/tests/run.php` runs every `*-test.php` beside
 * this file. A test is `test( 'name', function () { same( $expected, $actual ); } );`. Exits 1 on any failure.
 *
 * @package StorefrontIslands
 */

$storefront_islands_tests = array();

/**
 * Registers a test.
 *
 * @param string   $name What it shows.
 * @param callable $body The test.
 */
function test( $name, $body ) {
	global $storefront_islands_tests;
	$storefront_islands_tests[] = array( $name, $body );
}

/**
 * Fails the running test unless both values are identical (===), with both printed.
 *
 * @param mixed  $expected What should be.
 * @param mixed  $actual   What is.
 * @param string $what     Which value, for the message.
 * @throws RuntimeException On a difference.
 */
function same( $expected, $actual, $what = 'value' ) {
	if ( $expected !== $actual ) {
		throw new RuntimeException(
			$what . "\n    expected: " . var_export( $expected, true ) . "\n    actual:   " . var_export( $actual, true )
		);
	}
}

foreach ( glob( __DIR__ . '/*-test.php' ) as $storefront_islands_file ) {
	require $storefront_islands_file;
}

$storefront_islands_failed = 0;
foreach ( $storefront_islands_tests as list( $storefront_islands_name, $storefront_islands_body ) ) {
	try {
		$storefront_islands_body();
		echo "  ok   {$storefront_islands_name}\n";
	} catch ( Throwable $error ) {
		++$storefront_islands_failed;
		echo "  FAIL {$storefront_islands_name}\n    {$error->getMessage()}\n";
	}
}
$storefront_islands_count = count( $storefront_islands_tests );
echo "php: {$storefront_islands_count} tests, {$storefront_islands_failed} failed\n";
exit( ( $storefront_islands_failed || ! $storefront_islands_count ) ? 1 : 0 );

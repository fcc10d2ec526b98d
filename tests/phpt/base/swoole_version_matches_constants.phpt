--TEST--
swoole_version() agrees with SWOOLE_VERSION and the major/minor/release constants
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(swoole_version() === SWOOLE_VERSION);
var_dump(SWOOLE_VERSION === sprintf('%d.%d.%d', SWOOLE_MAJOR_VERSION, SWOOLE_MINOR_VERSION, SWOOLE_RELEASE_VERSION));
var_dump(version_compare(SWOOLE_VERSION, '5.0.0', '>='));
var_dump(Gust\version() === GUST_VERSION);
var_dump(in_array(Gust\build_mode(), ['debug', 'release'], true));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)

--TEST--
Gust registers the extension "swoole": extension_loaded(), phpversion(), ReflectionExtension and get_extension_funcs() see Swoole 6.1's API; Gust's own API stays with "gust"
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(extension_loaded('swoole'), in_array('swoole', get_loaded_extensions(), true));
var_dump(phpversion('swoole') === SWOOLE_VERSION, (bool)preg_match('/^6\.1\.\d+$/', phpversion('swoole')));
var_dump(SWOOLE_VERSION_ID === SWOOLE_MAJOR_VERSION * 10000 + SWOOLE_MINOR_VERSION * 100 + SWOOLE_RELEASE_VERSION);
var_dump(SWOOLE_VERSION === SWOOLE_MAJOR_VERSION . '.' . SWOOLE_MINOR_VERSION . '.' . SWOOLE_RELEASE_VERSION . SWOOLE_EXTRA_VERSION);
var_dump(SWOOLE_DEBUG, SWOOLE_USE_SHORTNAME, ini_get('swoole.use_shortname'));
var_dump(SWOOLE_HAVE_COMPRESSION, SWOOLE_HAVE_ZLIB, SWOOLE_HAVE_BROTLI, SWOOLE_USE_HTTP2);

$ext = new ReflectionExtension('swoole');
var_dump($ext->getName(), $ext->getVersion() === SWOOLE_VERSION);
var_dump(isset($ext->getFunctions()['swoole_async_set']), in_array('Swoole\Coroutine\Channel', $ext->getClassNames(), true));
var_dump(isset($ext->getConstants()['SWOOLE_VERSION_ID']));
var_dump(in_array('swoole_version', get_extension_funcs('swoole'), true));
var_dump(get_extension_funcs('gust'), phpversion('gust') === GUST_VERSION);
var_dump((new ReflectionClass('Swoole\Server'))->getExtensionName());
ob_start();
$ext->info();
var_dump(str_contains(ob_get_clean(), 'Version => ' . SWOOLE_VERSION));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
string(1) "1"
bool(true)
bool(true)
bool(true)
bool(true)
string(6) "swoole"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
array(3) {
  [0]=>
  string(12) "Gust\version"
  [1]=>
  string(15) "Gust\build_mode"
  [2]=>
  string(9) "Gust\dump"
}
bool(true)
string(6) "swoole"
bool(true)

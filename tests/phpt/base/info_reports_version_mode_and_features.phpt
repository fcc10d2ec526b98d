--TEST--
phpinfo of gust names the version, the build mode and the compiled-in features
--EXTENSIONS--
gust
--FILE--
<?php
ob_start();
(new ReflectionExtension('gust'))->info();
$info = ob_get_clean();
var_dump(str_contains($info, 'Version => ' . GUST_VERSION));
var_dump((bool)preg_match('/Build mode => (debug|release)\n/', $info));
var_dump((bool)preg_match('/Features => .*epoll/', $info));
var_dump(phpversion('gust') === GUST_VERSION);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)

--TEST--
With swoole.use_shortname=Off, go(), defer(), Co and Co\run do not exist; the long names work
--EXTENSIONS--
gust
--INI--
swoole.use_shortname=Off
--FILE--
<?php
var_dump(function_exists('go'), function_exists('defer'), function_exists('Co\run'), class_exists('Co'));
Swoole\Coroutine\run(function () {
    swoole_coroutine_create(function () { echo "long names run\n"; });
    var_dump(Swoole\Coroutine::getCid() > 0);
});
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
bool(false)
long names run
bool(true)

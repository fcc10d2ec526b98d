--TEST--
With swoole.use_shortname=Off, no short name exists (go(), defer(), Co, Co\run, Co\go, chan, Co\Channel, Co\Http\Client); the long names work
--EXTENSIONS--
gust
--INI--
swoole.use_shortname=Off
--FILE--
<?php
var_dump(function_exists('go'), function_exists('defer'), function_exists('Co\run'), class_exists('Co'));
var_dump(function_exists('Co\go'), class_exists('chan'), class_exists('Co\Channel'), class_exists('Co\Http\Client'), SWOOLE_USE_SHORTNAME);
var_dump(function_exists('Swoole\Coroutine\go'), ini_get('swoole.use_shortname'));
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
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
string(0) ""
long names run
bool(true)

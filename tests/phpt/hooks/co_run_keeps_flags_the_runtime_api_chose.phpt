--TEST--
Co\run hooks everything unless the flags were chosen: by Co::set(['hook_flags']) or by Runtime::enableCoroutine()/setHookFlags() (as in Swoole)
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () { var_dump(Swoole\Runtime::getHookFlags() === SWOOLE_HOOK_ALL); });
var_dump(Swoole\Runtime::getHookFlags());  // outside, as before
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_TCP);
Co\run(function () { var_dump(Swoole\Runtime::getHookFlags() === SWOOLE_HOOK_TCP); });
Co\run(function () { var_dump(Swoole\Runtime::getHookFlags() === SWOOLE_HOOK_TCP); });
Swoole\Runtime::setHookFlags(SWOOLE_HOOK_SLEEP | SWOOLE_HOOK_FILE);
Co\run(function () { var_dump(Swoole\Runtime::getHookFlags() === (SWOOLE_HOOK_SLEEP | SWOOLE_HOOK_FILE)); });
Co::set(['hook_flags' => SWOOLE_HOOK_UDP]);
Co\run(function () { var_dump(Swoole\Runtime::getHookFlags() === SWOOLE_HOOK_UDP); });
?>
--EXPECT--
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)

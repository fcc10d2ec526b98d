--TEST--
Swoole\Runtime hook flags: Co\run hooks everything unless Co::set() chose flags; enableCoroutine/setHookFlags change them
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Runtime;
var_dump(Runtime::getHookFlags());
var_dump(SWOOLE_HOOK_ALL === (SWOOLE_HOOK_ALL & (0x7fffffff ^ SWOOLE_HOOK_CURL)), SWOOLE_HOOK_STREAM_SELECT === SWOOLE_HOOK_STREAM_FUNCTION);
Co\run(function () { var_dump(Runtime::getHookFlags() === SWOOLE_HOOK_ALL); });
var_dump(Runtime::getHookFlags());
Co::set(['hook_flags' => SWOOLE_HOOK_TCP]);
Co\run(function () {
    var_dump(Runtime::getHookFlags() === SWOOLE_HOOK_TCP);
    // sleep is not hooked now: it blocks the thread, so the other coroutine cannot run meanwhile.
    $ran = false;
    go(function () use (&$ran) { Co::sleep(0.001); $ran = true; });
    usleep(5000);
    var_dump($ran);
});
var_dump(Runtime::enableCoroutine(SWOOLE_HOOK_SLEEP | SWOOLE_HOOK_FILE), Runtime::getHookFlags() === (SWOOLE_HOOK_SLEEP | SWOOLE_HOOK_FILE));
var_dump(Runtime::enableCoroutine(false), Runtime::getHookFlags());
var_dump(Runtime::enableCoroutine(true), Runtime::getHookFlags() === SWOOLE_HOOK_ALL);
var_dump(Runtime::setHookFlags(0), Runtime::getHookFlags());
?>
--EXPECT--
int(0)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(0)

--TEST--
Hook flags never lie: getHookFlags()/Co::getOptions() report only implemented hooks, asking for an unimplemented one warns (SWOOLE_HOOK_ALL and Swoole's HOOK_ALL value do not)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Runtime;
// SWOOLE_HOOK_STDIO is a flag of every Swoole build that Gust does not implement.
var_dump(SWOOLE_HOOK_ALL & SWOOLE_HOOK_STDIO, (SWOOLE_HOOK_ALL & SWOOLE_HOOK_SLEEP) !== 0);

echo "-- SWOOLE_HOOK_ALL, the default and Swoole's numeric HOOK_ALL: no warning, the implemented set\n";
var_dump(Runtime::enableCoroutine(SWOOLE_HOOK_ALL), Runtime::getHookFlags() === SWOOLE_HOOK_ALL);
var_dump(Runtime::enableCoroutine(), Runtime::getHookFlags() === SWOOLE_HOOK_ALL);
var_dump(Runtime::setHookFlags(0x7fffffff ^ 2048), Runtime::getHookFlags() === SWOOLE_HOOK_ALL);

echo "-- an unimplemented flag asked for explicitly\n";
var_dump(Runtime::enableCoroutine(SWOOLE_HOOK_TCP | SWOOLE_HOOK_STDIO), Runtime::getHookFlags() === SWOOLE_HOOK_TCP);
var_dump(Runtime::setHookFlags(SWOOLE_HOOK_STDIO), Runtime::getHookFlags());
var_dump(Runtime::enableCoroutine(true, SWOOLE_HOOK_SLEEP | SWOOLE_HOOK_STDIO), Runtime::getHookFlags() === SWOOLE_HOOK_SLEEP);
echo "-- bits that name no hook\n";
var_dump(Runtime::setHookFlags(SWOOLE_HOOK_FILE | 1), Runtime::getHookFlags() === SWOOLE_HOOK_FILE);
Runtime::setHookFlags(0);

echo "-- Co::set(['hook_flags']) warns the same; getOptions() and Co\\run report what is on\n";
Co::set(['hook_flags' => SWOOLE_HOOK_SLEEP | SWOOLE_HOOK_STDIO]);
var_dump(Co::getOptions()['hook_flags'] === SWOOLE_HOOK_SLEEP);
Co\run(function () { var_dump(Runtime::getHookFlags() === SWOOLE_HOOK_SLEEP); });
Co::set(['hook_flags' => SWOOLE_HOOK_ALL]);
Co\run(function () { var_dump(Runtime::getHookFlags() === SWOOLE_HOOK_ALL); });
?>
--EXPECTF--
int(0)
bool(true)
-- SWOOLE_HOOK_ALL, the default and Swoole's numeric HOOK_ALL: no warning, the implemented set
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- an unimplemented flag asked for explicitly

Warning: Swoole\Runtime::enableCoroutine(): SWOOLE_HOOK_STDIO: no such hook in Gust, ignored (docs/php-hooks.md lists the hooks) in %s on line %d
bool(true)
bool(true)

Warning: Swoole\Runtime::setHookFlags(): SWOOLE_HOOK_STDIO: no such hook in Gust, ignored (docs/php-hooks.md lists the hooks) in %s on line %d
bool(true)
int(0)

Warning: Swoole\Runtime::enableCoroutine(): SWOOLE_HOOK_STDIO: no such hook in Gust, ignored (docs/php-hooks.md lists the hooks) in %s on line %d
bool(true)
bool(true)
-- bits that name no hook

Warning: Swoole\Runtime::setHookFlags(): unknown bits 0x1: no such hook in Gust, ignored (docs/php-hooks.md lists the hooks) in %s on line %d
bool(true)
bool(true)
-- Co::set(['hook_flags']) warns the same; getOptions() and Co\run report what is on

Warning: Swoole\Coroutine::set(): SWOOLE_HOOK_STDIO: no such hook in Gust, ignored (docs/php-hooks.md lists the hooks) in %s on line %d
bool(true)
bool(true)
bool(true)

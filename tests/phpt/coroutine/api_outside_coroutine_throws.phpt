--TEST--
Coroutine-only API called outside a coroutine throws Swoole\Error (an Error)
--EXTENSIONS--
gust
--FILE--
<?php
foreach ([fn() => Co::yield(), fn() => Co::sleep(0.1), fn() => defer(fn() => 1), fn() => (new Swoole\Coroutine\Channel)->pop()] as $f) {
    try { $f(); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
var_dump(Co::getCid());
?>
--EXPECT--
Swoole\Error: API must be called in the coroutine
Swoole\Error: API must be called in the coroutine
Swoole\Error: API must be called in the coroutine
Swoole\Error: API must be called in the coroutine
int(-1)

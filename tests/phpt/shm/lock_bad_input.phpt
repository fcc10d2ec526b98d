--TEST--
Swoole\Lock and Coroutine\Lock refuse bad input clearly: an unknown lock type (Swoole\Exception), an operation that is neither LOCK_SH nor LOCK_EX (ValueError), wrong argument types (TypeError); no clone, no serialize
--EXTENSIONS--
gust
--FILE--
<?php
function attempt(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), " (", $e->getCode(), "): ", $e->getMessage(), "\n"; }
}
attempt(fn() => new Swoole\Lock(2));
attempt(fn() => new Swoole\Lock(99));
$l = new Swoole\Lock();
attempt(fn() => $l->lock(LOCK_UN));
attempt(fn() => $l->lock(0));
attempt(fn() => $l->lock(LOCK_SH | LOCK_EX));
attempt(fn() => $l->lock(LOCK_EX, 'x'));
attempt(fn() => clone $l);
attempt(fn() => serialize($l));
$c = new Swoole\Coroutine\Lock();
attempt(fn() => $c->lock(LOCK_UN));
attempt(fn() => $l->lock());
attempt(fn() => $l->unlock());
?>
--EXPECT--
Swoole\Exception (505): lock type[2] is not supported
Swoole\Exception (505): lock type[99] is not supported
ValueError (0): Swoole\Lock::lock(): Argument #1 ($operation) must be LOCK_SH or LOCK_EX, optionally with LOCK_NB
ValueError (0): Swoole\Lock::lock(): Argument #1 ($operation) must be LOCK_SH or LOCK_EX, optionally with LOCK_NB
ValueError (0): Swoole\Lock::lock(): Argument #1 ($operation) must be LOCK_SH or LOCK_EX, optionally with LOCK_NB
TypeError (0): Swoole\Lock::lock(): Argument #2 ($timeout) must be of type float, string given
Error (0): Trying to clone an uncloneable object of class Swoole\Lock
Exception (0): Serialization of 'Swoole\Lock' is not allowed
ValueError (0): Swoole\Coroutine\Lock::lock(): Argument #1 ($operation) must be LOCK_SH or LOCK_EX, optionally with LOCK_NB
bool(true)
bool(true)

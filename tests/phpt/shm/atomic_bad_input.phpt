--TEST--
Swoole\Atomic and Atomic\Long refuse arguments of the wrong type with a TypeError, missing arguments with an ArgumentCountError, and cannot be cloned or serialized
--EXTENSIONS--
gust
--FILE--
<?php
function attempt(callable $f) {
    try { $f(); echo "no error\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
$a = new Swoole\Atomic;
$l = new Swoole\Atomic\Long;
attempt(fn() => $a->add('x'));
attempt(fn() => $a->set());
attempt(fn() => $a->cmpset(1));
attempt(fn() => $a->wait('soon'));
attempt(fn() => $l->add([]));
attempt(fn() => new Swoole\Atomic('many'));
attempt(fn() => clone $a);
attempt(fn() => serialize($l));
var_dump($a->get(), $l->get());
?>
--EXPECTF--
TypeError: Swoole\Atomic::add(): Argument #1 ($add_value) must be of type int, string given
ArgumentCountError: Swoole\Atomic::set() expects exactly 1 argument, 0 given
ArgumentCountError: Swoole\Atomic::cmpset() expects exactly 2 arguments, 1 given
TypeError: Swoole\Atomic::wait(): Argument #1 ($timeout) must be of type float, string given
TypeError: Swoole\Atomic\Long::add(): Argument #1 ($add_value) must be of type int, array given
TypeError: Swoole\Atomic::__construct(): Argument #1 ($value) must be of type int, string given
Error: Trying to clone an uncloneable object of class Swoole\Atomic
Exception: Serialization of 'Swoole\Atomic\Long' is not allowed
int(0)
int(0)

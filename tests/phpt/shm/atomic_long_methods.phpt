--TEST--
Swoole\Atomic\Long: 64-bit signed add/sub/get/set/cmpset, negative values, wrap at PHP_INT_MAX; it has no wait()/wakeup()
--EXTENSIONS--
gust
--FILE--
<?php
$l = new Swoole\Atomic\Long(-5);
var_dump($l->get(), $l->add(10), $l->sub(20), $l->add(), $l->sub());
var_dump($l->cmpset(-15, PHP_INT_MAX), $l->cmpset(0, 1), $l->get());
var_dump($l->add(1) === PHP_INT_MIN);
var_dump($l->set(42), $l->get());
var_dump(method_exists($l, 'wait'), method_exists($l, 'wakeup'));
var_dump((new Swoole\Atomic\Long)->get());
?>
--EXPECT--
int(-5)
int(5)
int(-15)
int(-14)
int(-15)
bool(true)
bool(false)
int(9223372036854775807)
bool(true)
NULL
int(42)
bool(false)
bool(false)
int(0)

--TEST--
Swoole\Atomic: add/sub/get/set/cmpset return values, 32-bit unsigned wrap-around, wait()/wakeup() in one process (a pending wakeup is taken at once; no wakeup: false after the timeout with ETIMEDOUT)
--EXTENSIONS--
gust
sockets
--FILE--
<?php
$a = new Swoole\Atomic(1);
var_dump($a->add(199), $a->sub(35), $a->get());
var_dump($a->cmpset(165, 1), $a->cmpset(1555, 0), $a->get());
var_dump($a->set(10), $a->get(), $a->add(), $a->sub());

$w = new Swoole\Atomic(-1);  // cut to 32 bits, as Swoole does
var_dump($w->get(), $w->add(2), $w->sub(3));
var_dump((new Swoole\Atomic)->get());

// wait/wakeup: 1 is a pending wakeup, 0 nothing.
$x = new Swoole\Atomic(1);
var_dump($x->wakeup(), $x->get());
$x = new Swoole\Atomic(0);
var_dump($x->wakeup(), $x->get());
$x = new Swoole\Atomic(1);
var_dump($x->wait(1), $x->get());
$x = new Swoole\Atomic(0);
$t = microtime(true);
swoole_clear_error();
var_dump($x->wait(0.1), $x->get(), microtime(true) - $t >= 0.09, swoole_last_error() === SOCKET_ETIMEDOUT);
// A value that is neither 0 nor 1 is no wait state: false at once, never a hang.
$x = new Swoole\Atomic(7);
$t = microtime(true);
var_dump($x->wait(-1), $x->get(), microtime(true) - $t < 0.5);
?>
--EXPECT--
int(200)
int(165)
int(165)
bool(true)
bool(false)
int(1)
NULL
int(10)
int(11)
int(10)
int(4294967295)
int(1)
int(4294967294)
int(0)
bool(true)
int(1)
bool(true)
int(1)
bool(true)
int(0)
bool(false)
int(0)
bool(true)
bool(true)
bool(false)
int(7)
bool(true)

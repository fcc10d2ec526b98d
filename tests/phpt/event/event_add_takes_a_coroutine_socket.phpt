--TEST--
Swoole\Event::add()/isset()/del() and swoole_select() take a Coroutine\Socket (its fd), as Swoole's do
--EXTENSIONS--
gust
--FILE--
<?php
[$a, $b] = swoole_coroutine_socketpair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
var_dump(Swoole\Event::isset($a));
var_dump(Swoole\Event::add($a, function ($sock) use ($a) {
    var_dump($sock === $a);
    Swoole\Event::del($a);
}));
var_dump(Swoole\Event::isset($a, SWOOLE_EVENT_READ));
Co\run(function () use ($b) { $b->send("x"); });
Swoole\Event::wait();
$r = [$a]; $w = $e = [];
var_dump(swoole_select($r, $w, $e, 1), count($r));
$a->close();
$r = [$a];
var_dump(swoole_select($r, $w, $e, 0), count($r));  // a closed socket has no fd: left out
?>
--EXPECTF--
bool(false)
int(%d)
bool(true)
bool(true)
int(1)
int(1)
int(0)
int(0)

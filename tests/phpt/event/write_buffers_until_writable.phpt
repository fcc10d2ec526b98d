--TEST--
write() sends what the fd takes at once and flushes the rest when it becomes writable, in order
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$total = 0;
$chunks = [str_repeat('a', 1 << 20), str_repeat('b', 1 << 20), "end"];
$expect = implode('', $chunks);
Swoole\Event::add($b, function () {}, null, 0);  // registered, no events: only write() uses it
foreach ($chunks as $c) var_dump(Swoole\Event::write($b, $c));
$got = '';
Swoole\Event::add($a, function ($s) use (&$got, $expect, $b) {
    $got .= fread($s, 1 << 16);
    if (strlen($got) === strlen($expect)) {
        echo "received everything in order: ", var_export($got === $expect, true), "\n";
        Swoole\Event::del($s);
        Swoole\Event::del($b);
    }
});
var_dump(@Swoole\Event::write($a, ''));
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
var_dump(@Swoole\Event::write($c, 'x'));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
received everything in order: true

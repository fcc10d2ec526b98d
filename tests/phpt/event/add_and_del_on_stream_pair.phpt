--TEST--
add() watches a stream for reads and hands the callback the stream itself; del() inside the callback stops it
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$fd = Swoole\Event::add($a, function ($stream) use ($a) {
    $data = fread($stream, 100);
    echo "read '$data', same stream: ", var_export($stream === $a, true), ", in coroutine: ", var_export(Co::getCid() > 0, true), "\n";
    if ($data === "bye") {
        var_dump(Swoole\Event::del($stream));
        var_dump(Swoole\Event::isset($stream));
        Swoole\Timer::after(1, function () use ($a) {
            var_dump(Swoole\Event::del($a));
            echo "done\n";
        });
    }
});
var_dump(is_int($fd));
var_dump(Swoole\Event::isset($a), Swoole\Event::isset($a, SWOOLE_EVENT_READ), Swoole\Event::isset($a, SWOOLE_EVENT_WRITE));
var_dump(@Swoole\Event::add($a, function () {}));
fwrite($b, "hello");
Swoole\Timer::after(5, function () use ($b) { fwrite($b, "bye"); });
echo "script end\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
script end
read 'hello', same stream: true, in coroutine: true
read 'bye', same stream: true, in coroutine: true
bool(true)
bool(false)
bool(false)
done

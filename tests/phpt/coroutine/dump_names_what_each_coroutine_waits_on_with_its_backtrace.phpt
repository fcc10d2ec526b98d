--TEST--
Gust\dump(): coroutines waiting on a socket, a channel pop and a sleep are each named with what they wait on, for how long, and their PHP backtrace
--EXTENSIONS--
gust
--FILE--
<?php
function wait_on_socket(Swoole\Coroutine\Socket $s) { return $s->recv(1024, 10); }
function wait_on_channel(Swoole\Coroutine\Channel $ch) { return $ch->pop(10); }
function wait_on_sleep() { return Co::sleep(10); }

Co\run(function () {
    [$a, $b] = swoole_coroutine_socketpair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    $ch = new Swoole\Coroutine\Channel(1);
    $ids = [
        'socket' => go(fn() => wait_on_socket($a)),
        'channel' => go(fn() => wait_on_channel($ch)),
        'sleep' => go(fn() => wait_on_sleep()),
    ];
    Co::sleep(0.05);
    $dump = Gust\dump();
    $fd = $a->fd;
    $ok = function (string $what, string $pattern) use ($dump) {
        echo $what, ': ', preg_match($pattern, $dump) ? 'named' : "MISSING\n$dump", "\n";
    };
    $ok('header', '/^coroutine dump of pid \d+: 4 coroutines$/m');
    $ok('socket', "/^coroutine {$ids['socket']} \\[waiting \\d+\\.\\d{3}s on Socket#$fd read\\], created .* by coroutine 1\\n#0 [^\\n]*Swoole\\\\Coroutine\\\\Socket->recv\\(\\)\\n#1 [^\\n]*wait_on_socket\\(\\)/m");
    $ok('channel', "/^coroutine {$ids['channel']} \\[waiting \\d+\\.\\d{3}s on Channel#\\d+ pop\\].*\\n#0 [^\\n]*Swoole\\\\Coroutine\\\\Channel->pop\\(\\)\\n#1 [^\\n]*wait_on_channel\\(\\)/m");
    $ok('sleep', "/^coroutine {$ids['sleep']} \\[waiting \\d+\\.\\d{3}s on Timer sleep\\].*\\n#0 [^\\n]*Swoole\\\\Coroutine::sleep\\(\\)\\n#1 [^\\n]*wait_on_sleep\\(\\)/m");
    $ok('self', '/^coroutine 1 \[running \(took this dump\)\]/m');
    preg_match("/coroutine {$ids['sleep']} \\[waiting (\\d+\\.\\d+)s/", $dump, $m);
    echo 'waited plausibly: ', var_export($m[1] >= 0.04 && $m[1] < 5, true), "\n";
    echo 'no arguments: ', var_export(!str_contains($dump, 'Object('), true), "\n";
    foreach ($ids as $id) Co::cancel($id);
    $b->close();
});
echo "outside: ", Gust\dump(), "\n";
?>
--EXPECTF--
header: named
socket: named
channel: named
sleep: named
self: named
waited plausibly: true
no arguments: true
outside: coroutine dump of pid %d: 0 coroutines

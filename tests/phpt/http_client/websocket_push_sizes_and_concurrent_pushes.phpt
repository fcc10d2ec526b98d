--TEST--
Coroutine HTTP client push(): frames of every header size and across the 256 KiB push-buffer chunks arrive intact (masked correctly at every offset); pushes from several clients at once, each parked on a full socket, never mix their bytes; a push after close() fails with Swoole's warning
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
ws_test(function ($s, $frame) {
    $s->push($frame->fd, strlen($frame->data) . ':' . md5($frame->data));
}, function ($port, $s) {
    $pattern = fn (int $n, int $seed) => substr(str_repeat(hash('sha256', "seed$seed", true), intdiv($n, 32) + 1), 0, $n);
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 10]);
    $c->upgrade('/');
    $bad = 0;
    foreach ([0, 1, 125, 126, 65535, 65536, 262143, 262144, 262145, 262144 * 2 + 7, 3 * 1024 * 1024] as $i => $n) {
        $data = $pattern($n, $i);
        $c->push($data, WEBSOCKET_OPCODE_BINARY);
        $f = $c->recv();
        if (!$f || $f->data !== "$n:" . md5($data)) { $bad++; echo "size $n: ", $f ? $f->data : 'no answer', "\n"; }
    }
    echo "sizes: ", $bad === 0 ? "all intact" : "$bad broken", "\n";
    // Five clients push 2 MiB frames at once: each push parks on its full socket while holding a
    // push buffer, so several buffers are in use together.
    $wg = new Swoole\Coroutine\WaitGroup();
    $ok = 0;
    for ($k = 0; $k < 5; $k++) {
        $wg->add();
        go(function () use ($port, $k, $pattern, &$ok, $wg) {
            $c = new Client('127.0.0.1', $port);
            $c->set(['timeout' => 10]);
            $c->upgrade('/');
            for ($j = 0; $j < 3; $j++) {
                $data = $pattern(2 << 20, 100 + $k * 10 + $j);
                $c->push($data, WEBSOCKET_OPCODE_BINARY);
                $f = $c->recv();
                if ($f && $f->data === (2 << 20) . ':' . md5($data)) $ok++;
            }
            $c->close();
            $wg->done();
        });
    }
    $wg->wait(30);
    echo "concurrent: $ok of 15 intact\n";
    // After close(): the push fails with the warning, no crash.
    $c2 = new Client('127.0.0.1', $port);
    $c2->upgrade('/');
    $c->close();
    $c2->close();
    var_dump($c2->push(str_repeat('x', 1 << 20)));
}, ['package_max_length' => 8 << 20]);
?>
--EXPECTF--
sizes: all intact
concurrent: 15 of 15 intact

Warning: Swoole\Coroutine\Http\Client::push(): websocket handshake failed, cannot push data in %s on line %d
bool(false)

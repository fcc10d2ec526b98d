--TEST--
Coroutine\Http\Server request_timeout: past the deadline a 503 (or, once write() has sent a part, the connection closes) and the handler's coroutine is canceled with a timeout (or, spinning in PHP, interrupted and ended); an answered request and the next connection are served
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;

// Sends one raw request and reads until the server closes (bounded).
function request(int $port, string $raw): string {
    $c = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    $c->connect('127.0.0.1', $port);
    $c->sendAll($raw);
    $out = '';
    for ($i = 0; $i < 100; $i++) {
        $chunk = $c->recv(65536, 5);
        if ($chunk === '' || $chunk === false) break;
        $out .= $chunk;
    }
    $c->close();
    return $out;
}

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    $server->set(['request_timeout' => 0.2]);
    $seen = new Swoole\Coroutine\Channel(4);
    $server->handle('/sleep', function ($req, $resp) use ($seen) {
        $slept = Swoole\Coroutine\System::sleep(5);  // System::sleep reports its error
        $code = swoole_last_error();
        $again = Co::sleep(5);  // every later wait fails at once too
        $seen->push(['slept' => $slept, 'timedout' => $code === SWOOLE_ERROR_CO_TIMEDOUT, 'again' => $again,
                     'canceled' => Co::isCanceled(), 'end' => @$resp->end('late')]);
    });
    $server->handle('/write', function ($req, $resp) use ($seen) {
        $resp->write('part one');
        $seen->push(['slept' => Co::sleep(5)]);
    });
    $server->handle('/spin', function ($req, $resp) {
        while (true) {}
    });
    $server->handle('/answered', function ($req, $resp) use ($seen) {
        $resp->end('ok');
        $seen->push(['slept_after_end' => Co::sleep(0.5)]);
    });
    go(function () use ($server, $seen) {
        $p = $server->port;
        $t = microtime(true);
        $raw = request($p, "GET /sleep HTTP/1.1\r\nHost: h\r\n\r\n");
        echo strtok($raw, "\r\n"), ' ', str_contains($raw, "Connection: close") ? 'close' : 'keep', ' ',
            str_contains($raw, '<h1>503') ? 'body' : 'nobody', "\n";
        $got = $seen->pop(5);
        echo "handler: slept=", var_export($got['slept'], true), " timedout=", var_export($got['timedout'], true),
            " again=", var_export($got['again'], true), " canceled=", var_export($got['canceled'], true),
            " end=", var_export($got['end'], true), "\n";

        $raw = request($p, "GET /write HTTP/1.1\r\nHost: h\r\n\r\n");
        echo "write: ", str_contains($raw, "part one") ? 'got part' : 'no part', ', ',
            str_ends_with($raw, "0\r\n\r\n") ? 'finished' : 'cut off', "\n";
        echo "write handler slept=", var_export($seen->pop(5)['slept'], true), "\n";
        echo "within the deadline's reach: ", var_export(microtime(true) - $t < 3, true), "\n";

        $raw = request($p, "GET /spin HTTP/1.1\r\nHost: h\r\n\r\n");
        echo "spin: ", strtok($raw, "\r\n"), "\n";

        $raw = request($p, "GET /answered HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
        echo strtok($raw, "\r\n"), ' ', substr($raw, -2), "\n";
        echo "sleep after end: ", var_export($seen->pop(5)['slept_after_end'], true), "\n";
        $server->shutdown();
    });
    $server->start();
    echo "stopped\n";
});
?>
--EXPECTF--
HTTP/1.1 503 Service Unavailable close body
handler: slept=false timedout=true again=false canceled=true end=false
write: got part, cut off
write handler slept=false
within the deadline's reach: true

Warning: %s: request_timeout: the request ran PHP without yielding past its deadline; its coroutine #%d is ended in %s on line %d
spin: HTTP/1.1 503 Service Unavailable
HTTP/1.1 200 OK ok
sleep after end: true
stopped

--TEST--
Coroutine HTTP client: write_func gets each piece of the body as it arrives (chunked, Content-Length, until the close), close() or a throw in it ends the request
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Channel;
use Swoole\Coroutine\Http\Client;

class TracedClient extends Client
{
    public function __destruct() { echo "client freed\n"; }
}

// The server writes the next piece only once the callback has seen the previous one (true on
// $seen), so each callback proves the body is handed over before the rest of it was even sent;
// false on $seen: the client stopped reading.
$seen = new Channel(8);
$chunk = fn(string $s) => dechex(strlen($s)) . "\r\n$s\r\n";
$paced = function (array $pieces, string $head) use ($seen) {
    return function ($conn, $req) use ($pieces, $head, $seen) {
        echo 'accept-encoding sent: ', var_export(stripos($req, 'accept-encoding') !== false, true), "\n";
        fwrite($conn, $head);
        foreach ($pieces as $p) {
            fwrite($conn, $p);
            if ($seen->pop(5) !== true) return;
        }
    };
};
raw_test([
    $paced([$chunk('one'), $chunk('two'), $chunk('three') . "0\r\n\r\n"],
        "HTTP/1.1 200 OK\r\nX-Id: chunked\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"),
    $paced(['abc', 'defg'], "HTTP/1.1 201 Created\r\nContent-Length: 7\r\nConnection: close\r\n\r\n"),
    $paced(['until', ' the close'], "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n"),
    $paced([$chunk('a'), $chunk('b'), $chunk('c') . "0\r\n\r\n"],
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"),
    $paced([$chunk('x'), $chunk('y') . "0\r\n\r\n"],
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"),
    "HTTP/1.1 200 OK\r\nContent-Length: 8\r\nConnection: close\r\n\r\nbuffered",
    "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok",
], function ($port) use ($seen) {
    $got = [];
    $collect = function (Client $c, string $data) use (&$got, $seen) {
        $got[] = $data;
        echo "  piece ", json_encode($data), " status=", $c->statusCode, " x-id=", $c->headers['x-id'] ?? '-', "\n";
        $seen->push(true);
    };
    foreach (['/chunked', '/length', '/close'] as $path) {
        $got = [];
        $c = new Client('127.0.0.1', $port);
        $c->set(['write_func' => $collect]);
        show($c, $c->get($path));
        echo "  pieces: ", count($got), "\n";
    }

    // close() in the callback: the request ends as reset by the server.
    $c = new Client('127.0.0.1', $port);
    $c->set(['write_func' => function (Client $c, string $data) use ($seen) {
        echo "  piece ", json_encode($data), "\n";
        if ($data === 'b') {
            $c->close();
            $seen->push(false);
        } else {
            $seen->push(true);
        }
    }]);
    show($c, $c->get('/closed'));
    var_dump($c->connected, $c->statusCode === SWOOLE_HTTP_CLIENT_ESTATUS_SERVER_RESET);

    // A throw in the callback leaves get() with it.
    $c = new Client('127.0.0.1', $port);
    $c->set(['write_func' => function (Client $c, string $data) {
        throw new RuntimeException("stop at $data");
    }]);
    try {
        $c->get('/throws');
        echo "no exception\n";
    } catch (RuntimeException $e) {
        echo "caught: ", $e->getMessage(), "\n";
    }
    $seen->push(false);

    // A value that is not callable warns, and the body is buffered as usual.
    $c = new Client('127.0.0.1', $port);
    $c->set(['write_func' => 'no_such_function']);
    show($c, $c->get('/buffered'));

    // A callback that captured its client: once the request is over, the client is a plain cycle
    // the collector frees (the request held the callback only while it ran).
    $t = new TracedClient('127.0.0.1', $port);
    $t->set(['write_func' => function ($c, $data) use ($t) { echo "  piece ", json_encode($data), "\n"; }]);
    var_dump($t->get('/captured'));
    unset($t);
    gc_collect_cycles();
    echo "after gc\n";
});

?>
--EXPECTF--
accept-encoding sent: false
  piece "one" status=200 x-id=chunked
  piece "two" status=200 x-id=chunked
  piece "three" status=200 x-id=chunked
ok=true status=200 err=0 body=""
  pieces: 3
accept-encoding sent: false
  piece "abc" status=201 x-id=-
  piece "defg" status=201 x-id=-
ok=true status=201 err=0 body=""
  pieces: 2
accept-encoding sent: false
  piece "until" status=200 x-id=-
  piece " the close" status=200 x-id=-
ok=true status=200 err=0 body=""
  pieces: 2
accept-encoding sent: false
  piece "a"
  piece "b"
ok=false status=-3 err=104 body=""
bool(false)
bool(true)
accept-encoding sent: false
caught: stop at x

Warning: Swoole\Coroutine\Http\Client::get(): write_func is not callable: %s in %s on line %d
ok=true status=200 err=0 body="buffered"
  piece "ok"
bool(true)
client freed
after gc

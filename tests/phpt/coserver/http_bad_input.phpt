--TEST--
Coroutine\Http\Server: malformed and oversized requests refused then closed, idle peer timed out, unanswered response is a 500, sendfile, shutdown with connections open
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;

// Sends raw bytes, reads until the server closes (bounded): [status line, whole answer].
function exchange(int $port, string $raw, float $timeout = 2): array {
    $c = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    $c->connect('127.0.0.1', $port);
    if ($raw !== '') $c->sendAll($raw);
    $out = '';
    $t = microtime(true);
    for ($i = 0; $i < 100; $i++) {
        $chunk = $c->recv(65536, $timeout);
        if ($chunk === '' || $chunk === false) break;
        $out .= $chunk;
    }
    return [strtok($out, "\r") ?: '(closed, nothing sent)', $out, microtime(true) - $t];
}

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    // HTTP/1.1 only: with HTTP/2 on (the default) a first line naming no HTTP/1.x version is taken
    // for a broken client preface and closed unanswered (RFC 9113 §3.4, docs/DIFFERENCES.md).
    $server->set(['package_max_length' => 1024, 'timeout' => 0.3, 'open_http2_protocol' => false]);
    $server->handle('/', function ($req, $resp) {
        $resp->end('ok');
    });
    $server->handle('/forget', function ($req, $resp) {
        // neither end() nor detach(): the server answers 500
    });
    $server->handle('/file', function ($req, $resp) {
        $resp->sendfile(__FILE__);
    });
    $hold = new Swoole\Coroutine\Channel(1);
    $server->handle('/hold', function ($req, $resp) use ($hold) {
        $hold->push(true);
        Co::sleep(0.5);  // shutdown() closes the connection under it
        var_dump($resp->isWritable());
    });
    $done = new Swoole\Coroutine\Channel(1);
    go(function () use ($server, $hold, $done) {
        $p = $server->port;
        echo "malformed: ", exchange($p, "GARBAGE\r\n\r\n")[0], "\n";
        echo "bad version: ", exchange($p, "GET / HTTP/9.9\r\nHost: h\r\n\r\n")[0], "\n";
        echo "oversized body: ", exchange($p, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 100000\r\n\r\n" . str_repeat('x', 2000))[0], "\n";
        echo "huge head: ", exchange($p, "GET / HTTP/1.1\r\nHost: h\r\nX: " . str_repeat('y', 70000) . "\r\n\r\n")[0], "\n";
        [$status, , $secs] = exchange($p, "", 3);
        echo "idle peer: $status after ", $secs < 2 ? "the timeout" : "too long ($secs s)", "\n";
        [$status, , $secs] = exchange($p, "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc", 3);
        echo "body never completed: $status after ", $secs < 2 ? "the timeout" : "too long ($secs s)", "\n";
        echo "unanswered: ", exchange($p, "GET /forget HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")[0], "\n";
        [$status, $all] = exchange($p, "GET /file HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
        echo "sendfile: $status ", str_ends_with($all, file_get_contents(__FILE__)) ? "whole file" : "wrong body", "\n";
        // A connection busy in a handler and an idle keep-alive one when shutdown() comes.
        $busy = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
        $busy->connect('127.0.0.1', $p);
        $busy->sendAll("GET /hold HTTP/1.1\r\nHost: h\r\n\r\n");
        $hold->pop(2);
        $server->shutdown();
        var_dump($busy->recv(1024, 2));
        $done->push(true);
    });
    var_dump($server->start());
    var_dump($done->pop(10));
});
echo "end\n";
?>
--EXPECTF--
malformed: HTTP/1.1 400 Bad Request
bad version: HTTP/1.1 505 HTTP Version Not Supported
oversized body: HTTP/1.1 413 Content Too Large
huge head: HTTP/1.1 431 Request Header Fields Too Large
idle peer: (closed, nothing sent) after the timeout
body never completed: (closed, nothing sent) after the timeout
unanswered: HTTP/1.1 500 Internal Server Error
sendfile: HTTP/1.1 200 OK whole file
string(0) ""
bool(true)
bool(true)
bool(false)
end

--TEST--
Coroutine\Http\Server: longest-prefix routing, 404, keep-alive and pipelining, Request fields, chunked write, gzip, shutdown
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;

// Sends raw requests (the last one ends the connection) and reads until the server closes.
function request(int $port, string $raw): string {
    $c = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    $c->connect('127.0.0.1', $port);
    $c->sendAll($raw);
    $out = '';
    for ($i = 0; $i < 100; $i++) {
        $chunk = $c->recv(65536, 2);
        if ($chunk === '' || $chunk === false) break;
        $out .= $chunk;
    }
    $c->close();
    return $out;
}
function show(string $resp): void {
    foreach (explode("\r\n", $resp) as $line) {
        if (preg_match('/^(Date|Server):/', $line)) continue;
        echo $line === '' ? "|\n" : "$line\n";
    }
}

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    var_dump($server->port > 0, class_exists('Co\Http\Server'));
    $server->handle('/', function ($req, $resp) { $resp->end("root {$req->server['request_uri']}"); });
    $server->handle('/api', function ($req, $resp) {
        $resp->header('X-Remote', $req->server['remote_addr'] === '127.0.0.1' ? 'local' : 'other');
        $resp->end("api " . json_encode([$req->get, $req->server['server_port'] > 0, $req->header['host']]));
    });
    $server->handle('/api/stream', function ($req, $resp) {
        $resp->write("a");
        $resp->write("bc");
        $resp->end();
    });
    $server->handle('/big', function ($req, $resp) { $resp->end(str_repeat("x", 100)); });
    $server->handle('/stop', function ($req, $resp) use ($server) {
        $resp->end("bye");
        $server->shutdown();
    });
    $last = new Swoole\Coroutine\Channel(1);
    go(function () use ($server, $last) {
        $p = $server->port;
        $close = "Connection: close\r\n";
        show(request($p, "GET /api?x=1 HTTP/1.1\r\nHost: h\r\n$close\r\n"));
        show(request($p, "GET /api/stream HTTP/1.1\r\nHost: h\r\n$close\r\n"));
        // Keep-alive + pipelining: three requests in one write, answered in order.
        show(request($p, "GET /other HTTP/1.1\r\nHost: h\r\n\r\nPOST /apix HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcGET /api/stream/x HTTP/1.1\r\nHost: h\r\n$close\r\n"));
        $gz = request($p, "GET /big HTTP/1.1\r\nHost: h\r\nAccept-Encoding: gzip\r\n$close\r\n");
        [$head, $body] = explode("\r\n\r\n", $gz, 2);
        echo str_contains($head, "Content-Encoding: gzip") ? "gzip: " . gzdecode($body) . "\n" : "no gzip\n";
        $last->push(request($p, "GET /stop HTTP/1.0\r\n\r\n"));
    });
    var_dump($server->start());
    echo "stopped\n";
    show($last->pop(2));
});
?>
--EXPECT--
bool(true)
bool(true)
HTTP/1.1 200 OK
X-Remote: local
Connection: close
Content-Type: text/html
Content-Length: 24
|
api [{"x":"1"},true,"h"]
HTTP/1.1 200 OK
Connection: close
Content-Type: text/html
Transfer-Encoding: chunked
|
1
a
2
bc
0
|
|
HTTP/1.1 200 OK
Connection: keep-alive
Content-Type: text/html
Content-Length: 11
|
root /otherHTTP/1.1 200 OK
X-Remote: local
Connection: keep-alive
Content-Type: text/html
Content-Length: 19
|
api [null,true,"h"]HTTP/1.1 200 OK
Connection: close
Content-Type: text/html
Transfer-Encoding: chunked
|
1
a
2
bc
0
|
|
gzip: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
bool(true)
stopped
HTTP/1.0 200 OK
Connection: close
Content-Type: text/html
Content-Length: 3
|
bye

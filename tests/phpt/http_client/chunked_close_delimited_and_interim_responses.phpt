--TEST--
Coroutine HTTP client: chunked bodies (Response::write), bodies delimited by the close, 1xx responses skipped, HEAD, 204
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
http_test(function ($req, $resp) {
    $resp->write('first,');
    $resp->write(str_repeat('x', 100000));
    $resp->write(',last');
    $resp->end();
}, function ($port) {
    $c = new Client('127.0.0.1', $port);
    var_dump($c->get('/chunked'));
    echo $c->headers['transfer-encoding'] ?? 'no te', ' ', strlen($c->body), ' ', substr($c->body, 0, 6), substr($c->body, -5), "\n";
});
raw_test([
    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the close",
    "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 4\r\nConnection: close\r\n\r\ndone",
    "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n",
    "HTTP/1.0 200 OK\r\n\r\nold style",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3;ext=1\r\nabc\r\n0\r\nTrailer: x\r\n\r\n",
], function ($port) {
    foreach (['/close', '/interim', '/nocontent', '/http10', '/trailer'] as $path) {
        $c = new Client('127.0.0.1', $port);
        show($c, $c->get($path));
    }
});
?>
--EXPECT--
bool(true)
chunked 100011 first,,last
ok=true status=200 err=0 body="until the close"
ok=true status=201 err=0 body="done"
ok=true status=204 err=0 body=""
ok=true status=200 err=0 body="old style"
ok=true status=200 err=0 body="abc"

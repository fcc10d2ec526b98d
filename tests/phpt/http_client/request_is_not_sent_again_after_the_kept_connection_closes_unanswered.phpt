--TEST--
Coroutine HTTP client: a request sent on a kept connection that then closes without an answer fails (-3) and is not sent again; the next request connects anew
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;

$requests = [];
raw_test([
    // The first connection answers one request, reads the second and closes unanswered.
    function ($conn, $req) use (&$requests) {
        $requests[] = strtok($req, "\r\n");
        fwrite($conn, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfirst");
        $next = '';
        while (!str_contains($next, "\r\n\r\n") && ($d = fread($conn, 65536)) !== false && $d !== '') $next .= $d;
        $requests[] = strtok($next, "\r\n");
    },
    function ($conn, $req) use (&$requests) {
        $requests[] = strtok($req, "\r\n");
        fwrite($conn, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nthird");
    },
], function ($port) {
    $c = new Client('127.0.0.1', $port);
    foreach (['/one', '/two', '/three'] as $path) show($c, $c->get($path));
});
echo implode("\n", $requests), "\n";
?>
--EXPECT--
ok=true status=200 err=0 body="first"
ok=false status=-3 err=104 body=""
ok=true status=200 err=0 body="third"
GET /one HTTP/1.1
GET /two HTTP/1.1
GET /three HTTP/1.1

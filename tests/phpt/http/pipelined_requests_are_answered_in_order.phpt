--TEST--
Keep-alive and pipelining: requests sent in one write are answered in order even when the first one is the slowest
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $delay = (float)($req->get['d'] ?? 0);
    if ($delay > 0) Swoole\Coroutine::sleep($delay);
    $resp->end($req->server['request_uri']);
}, function ($port) {
    $c = http_connect($port);
    fwrite($c, "GET /one?d=0.05 HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\n\r\n"
             . "POST /three HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /four?d=0.01 HTTP/1.1\r\nHost: x\r\n\r\n");
    for ($i = 0; $i < 4; $i++) {
        $r = http_read($c);
        echo $r['status'], ' ', $r['headers']['connection'], ' ', $r['body'], "\n";
    }
    fwrite($c, "GET /five HTTP/1.0\r\n\r\nGET /never HTTP/1.1\r\nHost: x\r\n\r\n");
    $r = http_read($c);
    echo $r['status'], ' ', $r['headers']['connection'], ' ', $r['body'], "\n";
    var_dump(fread($c, 100));  // HTTP/1.0 without keep-alive: closed, the request after it never answered
});
?>
--EXPECT--
200 keep-alive /one
200 keep-alive /two
200 keep-alive /three
200 keep-alive /four
200 close /five
string(0) ""

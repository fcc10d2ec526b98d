--TEST--
http_headers_timeout and http_body_timeout: a request head or body that stalls gets 408 and a close; an idle keep-alive connection is left alone
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $resp->end('ok');
}, function ($port) {
    $t = microtime(true);
    $raw = http_raw($port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    echo strtok($raw, "\r\n"), "\n";
    $raw = http_raw($port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc");
    echo strtok($raw, "\r\n"), "\n";
    $elapsed = microtime(true) - $t;
    var_dump($elapsed >= 0.35 && $elapsed < 3);
    $c = http_connect($port);
    fwrite($c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    echo http_read($c)['body'], "\n";
    stream_set_timeout($c, 0, 500000);
    fread($c, 10);
    var_dump(stream_get_meta_data($c)["timed_out"], feof($c));  // still open after the 0.2 s limits
}, ['http_headers_timeout' => 0.2, 'http_body_timeout' => 0.2]);
?>
--EXPECT--
HTTP/1.1 408 Request Timeout
HTTP/1.1 408 Request Timeout
bool(true)
ok
bool(true)
bool(false)

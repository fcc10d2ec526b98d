--TEST--
Response::write(): chunked body, trailers at end(), empty writes refused, nothing after end()
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $resp->header('Content-Type', 'text/plain');
    $resp->trailer('X-Checksum', 'abc');
    var_dump($resp->write("hello "), $resp->write(""));
    var_dump($resp->header('X-Late', '1'));
    $resp->write("world");
    var_dump($resp->end("!"), $resp->isWritable());
    var_dump($resp->write("more"), $resp->end());
}, function ($port) {
    $c = http_connect($port);
    fwrite($c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    $r = http_read($c);
    var_dump($r['status'], $r['headers']['transfer-encoding'], $r['headers']['trailer:x-checksum'], $r['body'], isset($r['headers']['content-length']));
});
?>
--EXPECTF--

Warning: Swoole\Http\Response::write(): the content is empty in %s on line %d
bool(true)
bool(false)

Warning: Swoole\Http\Response::header(): the headers are already sent in %s on line %d
bool(false)
bool(true)
bool(false)

Warning: Swoole\Http\Response::write(): http response is unavailable (maybe it has been ended or detached) in %s on line %d

Warning: Swoole\Http\Response::end(): http response is unavailable (maybe it has been ended or detached) in %s on line %d
bool(false)
bool(false)
int(200)
string(7) "chunked"
string(3) "abc"
string(12) "hello world!"
bool(false)

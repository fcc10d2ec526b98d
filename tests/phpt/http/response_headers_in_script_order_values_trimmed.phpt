--TEST--
Response: headers go out in the script's order, Gust's Content-Length (trimmed) where the script set one; a value's surrounding whitespace and line ends are trimmed, null items of an array header give no line
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $resp->header('X-First', ' one ');
    $resp->header('content-length', '11 ');  // trimmed, a length; written where the script set it
    $resp->header('Test-Value', ["a\r\n", "b1234 ", "e  \n ", null, 5678]);
    var_dump($resp->header('X-Bad', "in\r\nside"));  // a line end inside still refuses it
    $resp->end('hello world');
}, function ($port) {
    $raw = http_raw($port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    echo preg_replace('/^Date: .*\r\n/m', "Date: -\r\n", $raw), "\n";
});
?>
--EXPECTF--
Warning: Swoole\Http\Response::header(): header 'X-Bad' has an invalid value (CR, LF and NUL are not allowed) in %s on line %d
bool(false)
HTTP/1.1 200 OK
X-First: one
Content-Length: 11
Test-Value: a
Test-Value: b1234
Test-Value: e
Test-Value: 5678
Server: swoole-http-server
Date: -
Connection: close
Content-Type: text/html

hello world

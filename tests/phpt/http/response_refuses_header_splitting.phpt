--TEST--
Response: header names/values, cookies, redirect targets, reasons and trailers with CR, LF or NUL are refused; the response stays intact
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    var_dump($resp->header("X-A", "v\r\nSet-Cookie: evil=1"));
    var_dump($resp->header("X-B\r\nEvil", "v"));
    var_dump($resp->header("X-C", ["ok", "bad\nvalue"]));
    var_dump($resp->header("X-D", "nul\0byte"));
    var_dump($resp->cookie("c\r\n", "v"));
    var_dump($resp->cookie("c", "v", 0, "/\r\nX: y"));
    var_dump($resp->rawcookie("c", "v\r\nX: y"));
    var_dump($resp->status(200, "OK\r\nX: y"));
    var_dump($resp->trailer("T", "a\r\nb"));
    var_dump($resp->redirect("/x\r\nSet-Cookie: evil=1"));
    var_dump($resp->header("X-Good", "fine"), $resp->cookie("good", "a b;c"));
    $resp->end("body");
}, function ($port) {
    $raw = http_raw($port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    $raw = preg_replace('/^Date: .*\r\n/m', '', $raw);
    echo $raw, "\n";
    var_dump(substr_count($raw, "evil"));
});
?>
--EXPECTF--

Warning: Swoole\Http\Response::header(): header 'X-A' has an invalid value (CR, LF and NUL are not allowed) in %s on line %d
bool(false)

Warning: Swoole\Http\Response::header(): invalid header name in %s on line %d
bool(false)

Warning: Swoole\Http\Response::header(): header 'X-C' has an invalid value (CR, LF and NUL are not allowed) in %s on line %d
bool(false)

Warning: Swoole\Http\Response::header(): header 'X-D' has an invalid value (CR, LF and NUL are not allowed) in %s on line %d
bool(false)

Warning: Swoole\Http\Response::cookie(): Cookie name cannot be empty or contain "=,; \t\r\n\013\014" in %s on line %d
bool(false)

Warning: Swoole\Http\Response::cookie(): Cookie attributes cannot contain ",; \t\r\n\013\014" or NUL in %s on line %d
bool(false)

Warning: Swoole\Http\Response::rawcookie(): Cookie value cannot contain ",; \t\r\n\013\014" in %s on line %d
bool(false)

Warning: Swoole\Http\Response::status(): the reason phrase cannot contain CR, LF or NUL in %s on line %d
bool(false)

Warning: Swoole\Http\Response::trailer(): invalid trailer (CR, LF and NUL are not allowed) in %s on line %d
bool(false)

Warning: Swoole\Http\Response::redirect(): invalid redirect target (CR, LF and NUL are not allowed) in %s on line %d
bool(false)
bool(true)
bool(true)
HTTP/1.1 200 OK
X-Good: fine
Server: swoole-http-server
Connection: close
Content-Type: text/html
Set-Cookie: good=a+b%3Bc
Content-Length: 4

body
int(0)

--TEST--
Swoole\Http\Server's Response: ping() and goaway() are HTTP/2 frames and disconnect() a WebSocket close, so on an HTTP/1.1 connection each returns false with a warning, and the response can still be answered
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    set_error_handler(function ($no, $msg) { echo "warning: ", preg_replace('/fd\[\d+\]/', 'fd[N]', $msg), "\n"; return true; });
    var_dump($resp->ping(), $resp->ping('x'), $resp->goaway(), $resp->goaway(0, 'bye'), $resp->disconnect(1000, 'no'));
    restore_error_handler();
    $resp->end('still answered');
}, function ($port) {
    $raw = http_raw($port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    echo strtok($raw, "\r\n"), "\n", substr($raw, strpos($raw, "\r\n\r\n") + 4), "\n";
});
?>
--EXPECT--
warning: Swoole\Http\Response::ping(): fd[N] is not a HTTP2 conncetion
warning: Swoole\Http\Response::ping(): fd[N] is not a HTTP2 conncetion
warning: Swoole\Http\Response::goaway(): fd[N] is not a HTTP2 conncetion
warning: Swoole\Http\Response::goaway(): fd[N] is not a HTTP2 conncetion
warning: Swoole\Http\Response::disconnect(): WebSocket through the Response is only available on Swoole\Coroutine\Http\Server
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
HTTP/1.1 200 OK
still answered

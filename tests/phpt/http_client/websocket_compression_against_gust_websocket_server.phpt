--TEST--
Coroutine HTTP client WebSocket with websocket_compression against Gust's own server: permessage-deflate negotiated, compressed messages both ways
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
ws_test(function ($s, $frame) {
    $compressed = ($frame->flags & SWOOLE_WEBSOCKET_FLAG_COMPRESS) ? 'compressed' : 'plain';
    $s->push($frame->fd, "$compressed:" . strlen($frame->data) . ':' . md5($frame->data), 1,
             SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS);
    $s->push($frame->fd, str_repeat('z', 50000), 1, SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS);
}, function ($port, $s) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5, 'websocket_compression' => true]);
    var_dump($c->upgrade('/'));
    echo $c->headers['sec-websocket-extensions'], "\n";
    $msg = str_repeat('hello compression ', 2000);
    foreach ([SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS, SWOOLE_WEBSOCKET_FLAG_FIN] as $flags) {
        $c->push($msg, WEBSOCKET_OPCODE_TEXT, $flags);
        $f = $c->recv();
        echo $f->data === (($flags & 2 ? 'compressed' : 'plain') . ':' . strlen($msg) . ':' . md5($msg)) ? 'echo ok' : $f->data, "\n";
        $f = $c->recv();
        echo strlen($f->data), ' ', ($f->flags & SWOOLE_WEBSOCKET_FLAG_COMPRESS) ? 'came compressed' : 'came plain', "\n";
    }
    $c->close();
}, ['websocket_compression' => true]);
?>
--EXPECTF--
bool(true)
permessage-deflate%A
echo ok
50000 came compressed
echo ok
50000 came compressed

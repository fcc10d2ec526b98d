--TEST--
Coroutine HTTP client WebSocket: permessage-deflate offered by the script's own Sec-WebSocket-Extensions header (without websocket_compression) is accepted when the server agrees, and compressed messages decode
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
ws_test(function ($s, $frame) {
    $s->push($frame->fd, str_repeat("echo:" . $frame->data, 20), WEBSOCKET_OPCODE_TEXT,
             SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS);
}, function ($port, $s) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    $c->setHeaders(['Sec-WebSocket-Extensions' => 'permessage-deflate; client_max_window_bits']);
    var_dump($c->upgrade('/'), $c->headers['sec-websocket-extensions']);
    $c->push('hi');
    var_dump($c->recv()->data === str_repeat('echo:hi', 20));
}, ['websocket_compression' => true]);
?>
--EXPECT--
bool(true)
string(18) "permessage-deflate"
bool(true)

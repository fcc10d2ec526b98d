--TEST--
Coroutine HTTP client WebSocket: after the script closes $client->socket, recv() and push() fail with SWOOLE_ERROR_CLIENT_NO_CONNECTION and no warning; push() after close() still warns that no handshake was made
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
ws_test(function ($s, $frame) {
    $s->push($frame->fd, "echo:" . $frame->data);
}, function ($port, $s) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    var_dump($c->upgrade('/'));
    $c->push('hi');
    var_dump($c->recv()->data);
    var_dump($c->socket->close());
    var_dump($c->recv(), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);
    var_dump($c->push('again'), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);
    var_dump($c->connected);
    $c->close();
    var_dump($c->push('after close'));
});
?>
--EXPECTF--
bool(true)
string(7) "echo:hi"
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)

Warning: Swoole\Coroutine\Http\Client::push(): websocket handshake failed, cannot push data in %s on line %d
bool(false)

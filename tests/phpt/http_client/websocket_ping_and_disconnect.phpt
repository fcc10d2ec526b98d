--TEST--
Coroutine HTTP client WebSocket ping() (the server's pong echoes the data) (handed to recv() only with open_websocket_pong_frame) and disconnect($code, $reason) (the server sees the code and reason, the client is closed); both refuse before upgrade(), ping() refuses more than 125 bytes
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
// The server runs in this process and stops when the client function returns: the client waits for
// what the server saw through this channel.
$seen = new Swoole\Coroutine\Channel(4);
ws_test(function ($s, $frame) use ($seen) {
    if ($frame instanceof Swoole\WebSocket\CloseFrame) {
        $seen->push("server: close frame $frame->code '$frame->reason'");
    }
}, function ($port, $s) use ($seen) {
    // By default a pong is not handed to recv(): nothing else comes, so recv() times out.
    $quiet = new Client('127.0.0.1', $port);
    $quiet->upgrade('/ws');
    $quiet->ping('unseen');
    var_dump($quiet->recv(0.3), $quiet->errCode === SOCKET_ETIMEDOUT);
    $quiet->close();
    echo "quiet client: ", $seen->pop(5), "\n";
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5, 'open_websocket_pong_frame' => true]);
    var_dump(@$c->ping('early'), @$c->disconnect());
    var_dump($c->upgrade('/ws'));
    var_dump($c->ping('hello'));
    $f = $c->recv();
    echo "pong: $f->opcode '$f->data'\n";
    try {
        $c->ping(str_repeat('x', 126));
    } catch (ValueError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
    var_dump($c->disconnect(4000, 'bye now'));
    var_dump($c->connected);
    echo $seen->pop(5), "\n", $seen->pop(5), "\n";
}, ['open_websocket_close_frame' => true], SWOOLE_BASE, [
    'close' => function ($s, $fd) use ($seen) { $seen->push("server: closed"); },
]);
?>
--EXPECT--
bool(false)
bool(true)
quiet client: server: closed
bool(false)
bool(false)
bool(true)
bool(true)
pong: 10 'hello'
ValueError: Swoole\Coroutine\Http\Client::ping(): Argument #1 ($data) must be at most 125 bytes long (a WebSocket control frame)
bool(true)
bool(false)
server: close frame 4000 'bye now'
server: closed

--TEST--
Coroutine HTTP client WebSocket: push(Frame) honours $frame->finish; a ping between the fragments of a message is returned on its own and the message still arrives whole; control frames go out unfragmented and uncompressed whatever the flags
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
ws_test(function ($s, $frame) {
    if ($frame->opcode === WEBSOCKET_OPCODE_CLOSE) {
        echo "server got close: code $frame->code, flags ", $frame->flags, "\n";
        $s->close($frame->fd);
        return;
    }
    echo "server got: $frame->data\n";
    if ($frame->data === 'ping me') {
        $s->push($frame->fd, 'fir', WEBSOCKET_OPCODE_TEXT, 0);
        $ping = new Swoole\WebSocket\Frame();
        $ping->opcode = WEBSOCKET_OPCODE_PING;
        $ping->data = 'PING';
        $s->push($frame->fd, $ping);
        $s->push($frame->fd, 'st', WEBSOCKET_OPCODE_CONTINUATION, 0);
        $s->push($frame->fd, ' whole', WEBSOCKET_OPCODE_CONTINUATION, SWOOLE_WEBSOCKET_FLAG_FIN);
    }
}, function ($port, $s) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5, 'open_websocket_ping_frame' => true, 'open_websocket_close_frame' => true]);
    var_dump($c->upgrade('/'));
    $part = new Swoole\WebSocket\Frame();
    $part->data = 'one ';
    $part->finish = false;
    var_dump($c->push($part));
    $rest = new Swoole\WebSocket\Frame();
    $rest->opcode = WEBSOCKET_OPCODE_CONTINUATION;
    $rest->data = 'message';
    var_dump($c->push($rest));
    $c->push('ping me');
    $f = $c->recv();
    echo "client got: opcode $f->opcode $f->data\n";
    $f = $c->recv();
    echo "client got: opcode $f->opcode $f->data\n";
    $close = new Swoole\WebSocket\CloseFrame();
    $close->code = 1000;
    $close->reason = 'bye';
    $close->flags = 0;  // no FIN asked: a control frame goes out whole anyway
    var_dump($c->push($close, SWOOLE_WEBSOCKET_FLAG_RSV1 | SWOOLE_WEBSOCKET_FLAG_COMPRESS));
    var_dump($c->recv(2));  // the server closes the connection
}, ['open_websocket_close_frame' => true, 'websocket_compression' => true]);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
server got: one message
server got: ping me
client got: opcode 9 PING
client got: opcode 1 first whole
bool(true)
server got close: code 1000, flags 1
bool(false)

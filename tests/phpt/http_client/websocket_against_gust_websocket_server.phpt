--TEST--
Coroutine HTTP client WebSocket against Gust's own Swoole\WebSocket\Server: echo of text, binary, a fragmented message and a Frame object; a server push; close from the client
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
ws_test(function ($s, $frame) {
    $s->push($frame->fd, "echo:" . $frame->data, $frame->opcode);
}, function ($port, $s) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    var_dump($c->upgrade('/ws'));
    $f = $c->recv();
    echo get_class($f), " $f->opcode $f->data\n";  // pushed in onOpen
    $c->push('text');
    $f = $c->recv();
    echo get_class($f), " $f->opcode $f->data\n";
    $c->push("\x01\x02", WEBSOCKET_OPCODE_BINARY);
    $f = $c->recv();
    echo "$f->opcode ", bin2hex($f->data), "\n";
    $c->push('frag', WEBSOCKET_OPCODE_TEXT, 0);
    $c->push('mented', WEBSOCKET_OPCODE_CONTINUATION, SWOOLE_WEBSOCKET_FLAG_FIN);
    $f = $c->recv();
    echo "$f->opcode $f->data\n";
    $frame = new Swoole\WebSocket\Frame();
    $frame->data = 'as object';
    $c->push($frame);
    echo $c->recv()->data, "\n";
    $close = new Swoole\WebSocket\CloseFrame();
    $close->code = 4001;
    $close->reason = 'client done';
    var_dump($c->push($close));
    // The server's answering close frame ends the connection: without open_websocket_close_frame
    // recv() returns false (SWOOLE_ERROR_CLIENT_NO_CONNECTION) instead of the frame.
    var_dump($c->recv(), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);
    var_dump($c->connected);
}, [], SWOOLE_BASE, [
    'open' => function ($s, $req) { $s->push($req->fd, 'welcome'); },
    'close' => function ($s, $fd) { echo "server: close $fd\n"; },
]);
?>
--EXPECT--
bool(true)
Swoole\WebSocket\Frame 1 welcome
Swoole\WebSocket\Frame 1 echo:text
2 6563686f3a0102
1 echo:fragmented
echo:as object
bool(true)
server: close 1
bool(false)
bool(true)
bool(false)

--TEST--
Coroutine HTTP client WebSocket: compressed messages whose deflate stream ends in a final block (the server script deflates with ZLIB_FINISH and pushes with FLAG_RSV1, fragmented or not) decode one after another
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../websocket/ws.inc';
use Swoole\Coroutine\Http\Client;
ws_test(function ($s, $frame) {
    $ctx = deflate_init(ZLIB_ENCODING_RAW);
    $rsv1 = SWOOLE_WEBSOCKET_FLAG_COMPRESS | SWOOLE_WEBSOCKET_FLAG_RSV1;
    // Whole messages: RSV1 without FLAG_COMPRESS (which would deflate them again).
    $s->push($frame->fd, deflate_add($ctx, 'one', ZLIB_FINISH), WEBSOCKET_OPCODE_TEXT,
             SWOOLE_WEBSOCKET_FLAG_RSV1 | SWOOLE_WEBSOCKET_FLAG_FIN);
    $s->push($frame->fd, deflate_add($ctx, 'two ', ZLIB_NO_FLUSH), WEBSOCKET_OPCODE_TEXT, $rsv1);
    $s->push($frame->fd, deflate_add($ctx, 'parts', ZLIB_FINISH), WEBSOCKET_OPCODE_CONTINUATION, SWOOLE_WEBSOCKET_FLAG_FIN);
    $s->push($frame->fd, deflate_add($ctx, 'three', ZLIB_SYNC_FLUSH), WEBSOCKET_OPCODE_TEXT,
             SWOOLE_WEBSOCKET_FLAG_RSV1 | SWOOLE_WEBSOCKET_FLAG_FIN);
}, function ($port, $s) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5, 'websocket_compression' => true]);
    var_dump($c->upgrade('/'));
    $c->push('go');
    for ($i = 0; $i < 3; $i++) {
        $f = $c->recv();
        echo $f ? $f->data : "false {$c->errCode}", "\n";
    }
}, ['websocket_compression' => true]);
?>
--EXPECT--
bool(true)
one
two parts
three

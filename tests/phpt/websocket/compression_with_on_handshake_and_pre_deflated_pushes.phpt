--TEST--
websocket_compression with onHandshake: the application's 101 carries the negotiated permessage-deflate; push() with FLAG_RSV1 (and not FIN with FLAG_COMPRESS, which deflates) sends a payload the script deflated itself as it is, RSV1 on the message's first frame only
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    $ctx = deflate_init(ZLIB_ENCODING_RAW);
    // FLAG_COMPRESS with FIN would deflate it again: a whole pre-deflated message has RSV1 only.
    $s->push($frame->fd, deflate_add($ctx, 'whole message', ZLIB_SYNC_FLUSH), WEBSOCKET_OPCODE_TEXT,
             SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_RSV1);
    $s->push($frame->fd, deflate_add($ctx, 'first ', ZLIB_SYNC_FLUSH), WEBSOCKET_OPCODE_TEXT,
             SWOOLE_WEBSOCKET_FLAG_COMPRESS | SWOOLE_WEBSOCKET_FLAG_RSV1);
    $s->push($frame->fd, deflate_add($ctx, 'second', ZLIB_SYNC_FLUSH), WEBSOCKET_OPCODE_CONTINUATION,
             SWOOLE_WEBSOCKET_FLAG_FIN);
}, function ($port) {
    [$c, $status, $h] = ws_handshake($port, '/', ['Sec-WebSocket-Extensions' => 'permessage-deflate; client_max_window_bits']);
    echo "$status | ", $h['sec-websocket-extensions'] ?? '-', "\n";
    ws_send($c, 1, 'go');
    $inflate = inflate_init(ZLIB_ENCODING_RAW);
    $f = ws_read($c);
    printf("op=%d fin=%d rsv1=%d %s\n", $f['opcode'], $f['fin'], $f['rsv1'], inflate_add($inflate, $f['data'], ZLIB_SYNC_FLUSH));
    $a = ws_read($c);
    $b = ws_read($c);
    printf("op=%d fin=%d rsv1=%d, op=%d fin=%d rsv1=%d %s\n", $a['opcode'], $a['fin'], $a['rsv1'], $b['opcode'], $b['fin'],
           $b['rsv1'], inflate_add($inflate, $a['data'] . $b['data'], ZLIB_SYNC_FLUSH));
}, ['websocket_compression' => true], SWOOLE_BASE, [
    'handshake' => function ($req, $resp) {
        $key = $req->header['sec-websocket-key'];
        $resp->status(101);
        $resp->header('Upgrade', 'websocket');
        $resp->header('Connection', 'Upgrade');
        $resp->header('Sec-WebSocket-Accept', base64_encode(sha1($key . '258EAFA5-E914-47DA-95CA-C5AB0DC85B11', true)));
        $resp->end();
    },
]);
?>
--EXPECT--
HTTP/1.1 101 Switching Protocols | permessage-deflate
op=1 fin=1 rsv1=1 whole message
op=1 fin=0 rsv1=1, op=0 fin=1 rsv1=0 first second

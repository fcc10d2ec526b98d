--TEST--
SWOOLE_PROCESS: the master's threads frame WebSocket messages (1009 refusals included), workers answer with push(), compression negotiated
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    $s->push($frame->fd, "echo:" . strlen($frame->data), WEBSOCKET_OPCODE_TEXT, SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS);
}, function ($port) {
    [$c, $status, $h] = ws_handshake($port, '/', ['Sec-WebSocket-Extensions' => 'permessage-deflate; client_max_window_bits']);
    echo $status, ' | ', $h['sec-websocket-extensions'] ?? '-', "\n";
    ws_send($c, 2, random_bytes(100000));
    $f = ws_read($c);
    $ctx = inflate_init(ZLIB_ENCODING_RAW);
    echo "rsv1=", var_export($f['rsv1'], true), " inflated=", inflate_add($ctx, $f['data'] . "\x00\x00\xff\xff", ZLIB_SYNC_FLUSH), "\n";
    ws_send($c, 1, str_repeat('z', 250000));
    $line = ws_describe(ws_read($c));
    echo "over the limit: $line\n";
}, ['worker_num' => 2, 'websocket_compression' => true, 'package_max_length' => 200000], SWOOLE_PROCESS);
?>
--EXPECT--
HTTP/1.1 101 Switching Protocols | permessage-deflate
rsv1=true inflated=echo:100000
over the limit: close 1009

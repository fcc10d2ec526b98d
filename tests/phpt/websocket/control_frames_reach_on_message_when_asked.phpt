--TEST--
open_websocket_ping_frame / pong_frame / close_frame: those frames reach onMessage (a CloseFrame with code and reason) and are not answered automatically
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    printf("%s opcode=%d data=%s%s\n", get_class($frame), $frame->opcode, json_encode($frame->data),
           $frame instanceof Swoole\WebSocket\CloseFrame ? " code={$frame->code} reason={$frame->reason}" : '');
    if ($frame->opcode === WEBSOCKET_OPCODE_PING) $s->push($frame->fd, 'my pong', WEBSOCKET_OPCODE_PONG);
    if ($frame instanceof Swoole\WebSocket\CloseFrame) $s->disconnect($frame->fd, 1000, 'ack');
}, function ($port) {
    $c = ws_connect($port);
    ws_send($c, 9, 'ping!');
    $line = ws_describe(ws_read($c));
    echo "client got $line\n";
    ws_send($c, 10, 'pong!');
    ws_send($c, 8, pack('n', 1001) . 'leaving');
    $line = ws_describe(ws_read($c));
    echo "client got $line\n";
}, ['open_websocket_ping_frame' => true, 'open_websocket_pong_frame' => true, 'open_websocket_close_frame' => true]);
?>
--EXPECT--
Swoole\WebSocket\Frame opcode=9 data="ping!"
client got pong: my pong
Swoole\WebSocket\Frame opcode=10 data="pong!"
Swoole\WebSocket\CloseFrame opcode=8 data= code=1001 reason=leaving
client got close 1000 ack

--TEST--
WebSocket server: handshake, onOpen with the request, onMessage frames (text, binary, fragmented), push, isEstablished, onClose
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    printf("message fd=%d opcode=%d flags=%d finish=%s data=%s\n", $frame->fd, $frame->opcode, $frame->flags,
           var_export($frame->finish, true), $frame->opcode === 2 ? bin2hex($frame->data) : json_encode($frame->data));
    var_dump($frame instanceof Swoole\WebSocket\Frame, $s->isEstablished($frame->fd));
    $s->push($frame->fd, strtoupper($frame->data), $frame->opcode);
}, function ($port, $s) {
    $c = ws_connect($port, '/chat?room=1');
    ws_send($c, 1, 'hello');
    echo ws_describe(ws_read($c)), "\n";
    ws_send($c, 2, "\x00bin\xff");
    echo bin2hex(ws_read($c)['data']), "\n";
    ws_send($c, 1, 'frag', false);
    ws_send($c, 9, 'mid-ping');      // a control frame between fragments
    ws_send($c, 0, 'ment', false);
    ws_send($c, 0, 'ed', true);
    echo ws_describe(ws_read($c)), "\n";  // the pong comes first
    echo ws_describe(ws_read($c)), "\n";
    var_dump($s->isEstablished(1), $s->isEstablished(99), $s->push(99, 'x'));
    ws_send($c, 8, pack('n', 1000) . 'done');
    echo ws_describe(ws_read($c)), "\n";
    var_dump(ws_read($c));
}, [], SWOOLE_BASE, [
    'open' => function ($s, $req) {
        echo "open fd={$req->fd} uri={$req->server['request_uri']} room={$req->get['room']}\n";
    },
    'close' => function ($s, $fd) { echo "close $fd\n"; },
]);
?>
--EXPECTF--
open fd=1 uri=/chat room=1
message fd=1 opcode=1 flags=1 finish=true data="hello"
bool(true)
bool(true)
text: HELLO
message fd=1 opcode=2 flags=1 finish=true data=0062696eff
bool(true)
bool(true)
0042494eff
message fd=1 opcode=1 flags=1 finish=true data="fragmented"
bool(true)
bool(true)
pong: mid-ping
text: FRAGMENTED

Warning: Swoole\WebSocket\Server::push(): the connected client of connection[99] is not a websocket client or closed in %s on line %d
bool(true)
bool(false)
bool(false)
close 1
close 1000 done
NULL

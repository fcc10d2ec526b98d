--TEST--
onHandshake answers the upgrade itself: 101 opens the connection (no onOpen), any other status closes it
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    $s->push($frame->fd, "echo " . $frame->data);
}, function ($port) {
    [$c, $status, $h] = ws_handshake($port, '/custom', ['Sec-WebSocket-Protocol' => 'chat, superchat']);
    echo "custom: $status ", $h['x-custom'] ?? '-', ' ', $h['sec-websocket-protocol'] ?? '-', "\n";
    ws_send($c, 1, 'hi');
    echo ws_describe(ws_read($c)), "\n";
    [$c, $status] = ws_handshake($port, '/refuse');
    echo "refused: $status\n";
    var_dump(fread($c, 10));
}, [], SWOOLE_BASE, [
    'request' => function ($req, $resp) { $resp->end('http ' . $req->server['request_uri']); },
    'open' => function ($s, $req) { echo "open {$req->server['request_uri']}\n"; },
    'handshake' => function ($req, $resp) {
        if ($req->server['request_uri'] === '/refuse') {
            $resp->status(403);
            $resp->end('no');
            return;
        }
        $key = $req->header['sec-websocket-key'];
        $resp->status(101);
        $resp->header('Upgrade', 'websocket');
        $resp->header('Connection', 'Upgrade');
        $resp->header('Sec-WebSocket-Accept', base64_encode(sha1($key . '258EAFA5-E914-47DA-95CA-C5AB0DC85B11', true)));
        $resp->header('Sec-WebSocket-Protocol', 'chat');
        $resp->header('X-Custom', 'yes');
        $resp->end();
    },
]);
?>
--EXPECT--
custom: HTTP/1.1 101 Switching Protocols yes chat
text: echo hi
refused: HTTP/1.1 403 Forbidden
string(2) "no"

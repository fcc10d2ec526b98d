--TEST--
Default handshake: a missing or bad key gets 400, another version 426 naming 13, a subprotocol only when offered; plain HTTP goes to onRequest
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
    [$c, $status] = ws_handshake($port, '/', ['Sec-WebSocket-Key' => null]);
    echo "no key: $status\n";
    [$c, $status] = ws_handshake($port, '/', ['Sec-WebSocket-Key' => 'c2hvcnQ=']);
    echo "short key: $status\n";
    [$c, $status, $h] = ws_handshake($port, '/', ['Sec-WebSocket-Version' => '8']);
    echo "version 8: $status ", $h['sec-websocket-version'], "\n";
    $r = file_get_contents("http://127.0.0.1:$port/plain");
    echo "plain: $r\n";
    [$c, $status, $h] = ws_handshake($port, '/sub', ['Sec-WebSocket-Protocol' => 'chat, superchat']);
    echo "offered: $status ", $h['sec-websocket-protocol'] ?? '-', "\n";
    [$c, $status, $h] = ws_handshake($port, '/sub');
    echo "not offered: $status ", $h['sec-websocket-protocol'] ?? '-', "\n";
    [$c, $status] = ws_handshake($port, '/', ['Connection' => 'keep-alive']);
    echo "no upgrade token: $status\n";
}, ['websocket_subprotocol' => 'superchat'], SWOOLE_BASE, [
    'request' => function ($req, $resp) { $resp->end('http ' . $req->server['request_uri']); },
    'open' => function ($s, $req) { echo "open {$req->server['request_uri']}\n"; },
]);
?>
--EXPECT--
no key: HTTP/1.1 400 Bad Request
short key: HTTP/1.1 400 Bad Request
version 8: HTTP/1.1 426 Upgrade Required 13
plain: http /plain
open /sub
offered: HTTP/1.1 101 Switching Protocols superchat
open /sub
not offered: HTTP/1.1 101 Switching Protocols -
no upgrade token: HTTP/1.1 200 OK

--TEST--
Handshake: Upgrade and Connection are token lists (RFC 9110 §7.6.1, §7.8): "abc, websocket" with "keep-alive, Upgrade" switches; a list without websocket does not
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    $s->push($frame->fd, "echo:" . $frame->data);
}, function ($port, $s) {
    foreach ([['websocket, abc', 'Upgrade, abc'], ['abc, WebSocket', 'abc, upgrade'], ['abc , websocket , def', 'keep-alive,Upgrade'],
              ['abc, websocketx', 'Upgrade']] as [$upgrade, $connection]) {
        [$c, $status] = ws_handshake($port, '/', ['Upgrade' => $upgrade, 'Connection' => $connection]);
        echo "$upgrade | $connection: $status\n";
        if (str_starts_with($status, 'HTTP/1.1 101')) {
            ws_send($c, 1, 'hi');
            echo ws_describe(ws_read($c)), "\n";
        }
        fclose($c);
    }
});
?>
--EXPECT--
websocket, abc | Upgrade, abc: HTTP/1.1 101 Switching Protocols
text: echo:hi
abc, WebSocket | abc, upgrade: HTTP/1.1 101 Switching Protocols
text: echo:hi
abc , websocket , def | keep-alive,Upgrade: HTTP/1.1 101 Switching Protocols
text: echo:hi
abc, websocketx | Upgrade: HTTP/1.1 400 Bad Request

--TEST--
WebSocket\Server::ping() sends a ping (payload up to 125 bytes); onBeforeHandshakeResponse adds headers and cookies to the server's own 101 answer
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    var_dump($s->ping($frame->fd, 'hello'), $s->ping($frame->fd), $s->ping($frame->fd, str_repeat('x', 126)));
    var_dump($s->ping(9999));
}, function ($port, $s) {
    [$c, $status, $headers] = ws_handshake($port, '/chat');
    echo $status, "\n", $headers['x-app'], "\n", $headers['set-cookie'], "\n", $headers['server'], "\n";
    ws_send($c, 1, 'go');
    echo ws_describe(ws_read($c)), "\n", ws_describe(ws_read($c)), "\n";
}, [], SWOOLE_BASE, [
    'beforeHandshakeResponse' => function ($server, $request, $response) {
        echo get_class($server), " ", $request->server['request_uri'], "\n";
        $response->header('X-App', 'yes');
        $response->cookie('abc', 'def');
    },
]);
?>
--EXPECTF--
Swoole\WebSocket\Server /chat
HTTP/1.1 101 Switching Protocols
yes
abc=def
swoole-http-server

Warning: Swoole\WebSocket\Server::ping(): a ping carries at most 125 bytes, 126 given in %s on line %d
bool(true)
bool(true)
bool(false)

Warning: Swoole\WebSocket\Server::ping(): the connected client of connection[9999] is not a websocket client or closed in %s on line %d
bool(false)
ping: hello
ping: 

--TEST--
WebSocket server without onRequest: a plain HTTP request gets a 400 page with a body saying so; a port added with listen() and neither settings nor callbacks of its own speaks WebSocket like the main port (start() does not ask for onReceive)
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
$server = new Swoole\WebSocket\Server('127.0.0.1', 0, SWOOLE_BASE);
$extra = $server->listen('127.0.0.1', 0, SWOOLE_SOCK_TCP);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => 5]);
$server->on('message', function ($s, $frame) { $s->push($frame->fd, "echo: $frame->data"); });
$server->on('workerStart', function ($s) use ($extra) {
    try {
        $c = stream_socket_client("tcp://127.0.0.1:{$s->port}", $errno, $errstr, 5);
        fwrite($c, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        $raw = stream_get_contents($c);
        echo strtok($raw, "\r\n"), "\n";
        echo "page says: ", var_export(str_contains(substr($raw, strpos($raw, "\r\n\r\n")), 'HTTP 400 Bad Request'), true), "\n";
        $ws = ws_connect($extra->port);
        ws_send($ws, 1, 'hi');
        echo ws_describe(ws_read($ws)), "\n";
    } finally {
        $s->shutdown();
    }
});
var_dump($server->start());
?>
--EXPECT--
HTTP/1.1 400 Bad Request
page says: true
text: echo: hi
bool(true)

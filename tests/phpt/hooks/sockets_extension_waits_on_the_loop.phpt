--TEST--
SWOOLE_HOOK_SOCKETS: socket_accept/connect/read/write on blocking sockets park the coroutine; timeouts and errors as PHP reports them
--EXTENSIONS--
gust
sockets
--FILE--
<?php
$order = [];
Co\run(function () use (&$order) {
    $srv = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_bind($srv, "127.0.0.1", 0);
    socket_listen($srv);
    socket_getsockname($srv, $addr, $port);
    go(function () use ($srv, &$order) {
        $order[] = "accepting";
        $c = socket_accept($srv);
        $order[] = "accepted";
        $order[] = "server read " . socket_read($c, 100);
        socket_write($c, "pong");
        socket_close($c);
    });
    $order[] = "connecting";
    $cl = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    var_dump(socket_connect($cl, "127.0.0.1", $port));
    $order[] = "connected";
    go(function () use ($cl, &$order) { $order[] = "client read " . socket_read($cl, 100); });
    socket_write($cl, "ping");
    $order[] = "client wrote";
    // SO_RCVTIMEO bounds the wait: false with EAGAIN, as PHP's blocking read reports it.
    $idle = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_connect($idle, "127.0.0.1", $port);
    socket_set_option($idle, SOL_SOCKET, SO_RCVTIMEO, ["sec" => 0, "usec" => 20000]);
    var_dump(socket_read($idle, 10), socket_last_error($idle) === SOCKET_EAGAIN);
    $refused = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    var_dump(socket_connect($refused, "127.0.0.1", 1), socket_last_error($refused) === SOCKET_ECONNREFUSED);
});
echo implode("\n", $order), "\n";
?>
--EXPECTF--
bool(true)
bool(false)
bool(true)

Warning: socket_connect(): unable to connect [111]: Connection refused in %s on line %d
bool(false)
bool(true)
accepting
connecting
accepted
connected
client wrote
server read ping
client read pong

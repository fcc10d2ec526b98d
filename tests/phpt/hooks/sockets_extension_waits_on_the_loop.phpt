--TEST--
SWOOLE_HOOK_SOCKETS: socket_accept/connect/read/write park the coroutine on Coroutine\Socket objects; timeouts and errors as Swoole reports them; a PHP Socket made outside coroutines still waits on the loop
--EXTENSIONS--
gust
sockets
--FILE--
<?php
$order = [];
// Made before any coroutine: PHP's Socket, whose blocking calls inside coroutines wait on the loop.
$php_srv = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_bind($php_srv, "127.0.0.1", 0);
socket_listen($php_srv);
socket_getsockname($php_srv, $php_addr, $php_port);
Co\run(function () use (&$order, $php_srv, $php_port) {
    $srv = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    var_dump(get_class($srv));
    socket_bind($srv, "127.0.0.1", 0);
    socket_listen($srv);
    socket_getsockname($srv, $addr, $port);
    go(function () use ($srv, &$order) {
        $order[] = "accepting";
        $c = socket_accept($srv);
        $order[] = "accepted " . get_class($c);
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
    // SO_RCVTIMEO bounds the wait: false with ETIMEDOUT, as Swoole's hooked read reports it.
    $idle = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_connect($idle, "127.0.0.1", $port);
    socket_set_option($idle, SOL_SOCKET, SO_RCVTIMEO, ["sec" => 0, "usec" => 20000]);
    var_dump(socket_read($idle, 10), socket_last_error($idle) === SOCKET_ETIMEDOUT);
    // A refused connect: false, no warning, the code on the socket and in socket_last_error().
    $refused = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    var_dump(socket_connect($refused, "127.0.0.1", 1), socket_last_error($refused) === SOCKET_ECONNREFUSED,
             socket_last_error() === SOCKET_ECONNREFUSED);
    // PHP's Socket made outside: accept waits on the loop while a coroutine connects to it.
    go(function () use ($php_port, &$order) {
        $c = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
        $order[] = "php server's client connects: " . var_export(socket_connect($c, "127.0.0.1", $php_port), true);
        socket_write($c, "to php");
        socket_close($c);
    });
    $order[] = "php accepting";
    $conn = socket_accept($php_srv);
    $order[] = "php accepted " . get_class($conn) . ", read " . socket_read($conn, 100);
    socket_close($conn);
});
socket_close($php_srv);
echo implode("\n", $order), "\n";
?>
--EXPECT--
string(23) "Swoole\Coroutine\Socket"
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
accepting
connecting
accepted Swoole\Coroutine\Socket
connected
client wrote
server read ping
client read pong
php accepting
php server's client connects: true
php accepted Socket, read to php

--TEST--
Swoole\Client::getSocket(): an ext/sockets Socket on the connection (options set through it apply to it, bytes written through it reach the peer), also in a coroutine under SWOOLE_HOOK_SOCKETS; false with a warning when not connected
--EXTENSIONS--
gust
sockets
--FILE--
<?php
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
$port = (int)explode(':', stream_socket_get_name($server, false))[1];
$client = new Swoole\Client(SWOOLE_SOCK_TCP);
var_dump(@$client->getSocket());
var_dump($client->connect('127.0.0.1', $port, 2));
$peer = stream_socket_accept($server, 2);
$socket = $client->getSocket();
var_dump($socket instanceof Socket);
var_dump(socket_set_option($socket, SOL_SOCKET, SO_RCVBUF, 65536));
socket_getpeername($socket, $address, $peer_port);
var_dump($address, $peer_port === $port);
socket_write($socket, "through the socket\n");
$client->send("through the client\n");
echo fgets($peer), fgets($peer);
unset($socket);  // the client's connection stays open
fwrite($peer, "still there\n");
var_dump($client->recv());
$client->close();
// In a coroutine under SWOOLE_HOOK_SOCKETS it is still PHP's Socket (socket_create() there is not).
Co\run(function () use ($server, $port) {
    Swoole\Runtime::setHookFlags(SWOOLE_HOOK_SOCKETS);
    $client = new Swoole\Client(SWOOLE_SOCK_TCP);
    $client->connect('127.0.0.1', $port, 2);
    var_dump(get_class($client->getSocket()), get_class(socket_create(AF_INET, SOCK_STREAM, SOL_TCP)));
    $client->close();
});
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(true)
string(9) "127.0.0.1"
bool(true)
through the socket
through the client
string(12) "still there
"
string(6) "Socket"
string(23) "Swoole\Coroutine\Socket"

--TEST--
Server::getSocket() and Server\Port::getSocket(): an ext/sockets Socket on a copy of the listening socket (its name is the port's), for the first port, a port by number, and a port object; an unknown port number is false with a warning
--EXTENSIONS--
gust
sockets
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$port2 = $server->listen('127.0.0.1', 0, SWOOLE_SOCK_TCP);
$sock = $server->getSocket();
var_dump(get_class($sock));
socket_getsockname($sock, $addr, $port);
var_dump($addr, $port === $server->port);
socket_getsockname($server->getSocket($port2->port), $addr, $port);
var_dump($port === $port2->port);
socket_getsockname($port2->getSocket(), $addr, $port);
var_dump($port === $port2->port);
var_dump(socket_get_option($sock, SOL_SOCKET, 30 /* SO_ACCEPTCONN */));
var_dump(@$server->getSocket(1));
?>
--EXPECT--
string(6) "Socket"
string(9) "127.0.0.1"
bool(true)
bool(true)
bool(true)
int(1)
bool(false)

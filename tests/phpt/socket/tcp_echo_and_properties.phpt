--TEST--
Coroutine\Socket: bind/listen/accept/connect, send/recv, sendAll/recvAll, names, properties, Co\Socket, close
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/listen.inc';
use Swoole\Coroutine\Socket;
Co\run(function () {
    [$server, $port] = listen_tcp();
    var_dump($server instanceof Co\Socket, $server->domain === AF_INET, $server->type === SOCK_STREAM,
             $server->protocol, $server->fd > 0, $server->errCode, $server->errMsg);
    go(function () use ($server) {
        $conn = $server->accept();
        var_dump($conn instanceof Socket, $conn->fd > 0, $conn->domain === AF_INET);
        var_dump($conn->recv(5));
        var_dump($conn->send("world"));
        $big = $conn->recvAll(300000);
        var_dump(strlen($big), $big === str_repeat('x', 300000));
        var_dump($conn->sendAll(str_repeat('y', 200000)));
        var_dump($conn->recv(), $conn->errCode);  // peer closed: ""
        $conn->close();
    });
    $c = new Socket(AF_INET, SOCK_STREAM, 0);
    var_dump($c->connect('127.0.0.1', $port));
    var_dump($c->getpeername() === ['address' => '127.0.0.1', 'port' => $port]);
    var_dump($c->getsockname()['address']);
    var_dump($c->send("hello"));
    var_dump($c->recv(5));
    var_dump($c->sendAll(str_repeat('x', 300000)));
    var_dump(strlen($c->recvAll(200000)));
    var_dump($c->isClosed(), $c->close(), $c->isClosed(), $c->fd);
    var_dump($c->close(), $c->errCode === SOCKET_EBADF);
    var_dump($c->send("x"), $c->errCode === SOCKET_EBADF);
    $server->close();
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
int(0)
string(0) ""
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(9) "127.0.0.1"
int(5)
string(5) "hello"
int(5)
string(5) "world"
int(300000)
int(300000)
bool(true)
int(200000)
int(200000)
bool(false)
bool(true)
bool(true)
int(-1)
bool(false)
bool(true)
bool(false)
bool(true)
string(0) ""
int(0)

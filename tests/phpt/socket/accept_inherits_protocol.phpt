--TEST--
Coroutine\Socket::accept(): the accepted socket keeps the listening socket's setProtocol() framing and timeouts
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    $server->bind('127.0.0.1', 0);
    var_dump($server->setProtocol(['open_eof_check' => true, 'package_eof' => "\n", 'read_timeout' => 0.05]));
    $server->listen();
    $c = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    var_dump($c->connect('127.0.0.1', $server->getsockname()['port']));
    $conn = $server->accept(1);
    $c->send("a\nb");
    var_dump($conn->recvPacket(), $conn->recvPacket(), $conn->errCode === SOCKET_ETIMEDOUT);
    $c->send("c\n");
    var_dump($conn->recvPacket(1));
});
?>
--EXPECT--
bool(true)
bool(true)
string(2) "a
"
bool(false)
bool(true)
string(3) "bc
"

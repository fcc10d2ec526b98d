--TEST--
Coroutine\Socket: a peer that never sends: recv/recvAll/recvLine/recvPacket/accept time out (errCode SOCKET_ETIMEDOUT), per call, from SO_RCVTIMEO, from setProtocol and from Co::set
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/listen.inc';
Co\run(function () {
    [$client, $conn] = tcp_pair();
    $t = microtime(true);
    var_dump($conn->recv(100, 0.05), $conn->errCode === SOCKET_ETIMEDOUT, $conn->errMsg);
    var_dump($conn->recvAll(100, 0.05), $conn->errCode === SOCKET_ETIMEDOUT);
    var_dump($conn->recvLine(100, 0.05), $conn->errCode === SOCKET_ETIMEDOUT);
    var_dump($conn->recvPacket(0.05), $conn->errCode === SOCKET_ETIMEDOUT);
    // The socket's own read timeout, given as SO_RCVTIMEO.
    var_dump($conn->setOption(SOL_SOCKET, SO_RCVTIMEO, ['sec' => 0, 'usec' => 50000]));
    var_dump($conn->getOption(SOL_SOCKET, SO_RCVTIMEO));
    var_dump($conn->recv(), $conn->errCode === SOCKET_ETIMEDOUT);
    // setProtocol's read_timeout.
    var_dump($conn->setProtocol(['read_timeout' => 0.05]));
    var_dump($conn->recvWithBuffer(), $conn->errCode === SOCKET_ETIMEDOUT);
    // Part of what recvAll waits for arrives: what came is returned, errCode says why it stopped.
    $client->send("abc");
    var_dump($conn->recvAll(10, 0.05), $conn->errCode === SOCKET_ETIMEDOUT);
    // A successful call clears errCode.
    $client->send("d");
    var_dump($conn->recv(10), $conn->errCode);
    $elapsed = microtime(true) - $t;
    var_dump($elapsed >= 0.3 && $elapsed < 3);

    [$server, $port] = listen_tcp();
    var_dump($server->accept(0.05), $server->errCode === SOCKET_ETIMEDOUT);
    // Co::set()'s default read timeout for sockets without their own.
    Co::set(['socket_read_timeout' => 0.05]);
    [$c2, $s2] = tcp_pair();
    var_dump($s2->recv(), $s2->errCode === SOCKET_ETIMEDOUT);
    Co::set(['socket_read_timeout' => -1]);
});
?>
--EXPECT--
bool(false)
bool(true)
string(20) "Connection timed out"
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
array(2) {
  ["sec"]=>
  int(0)
  ["usec"]=>
  int(50000)
}
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
string(3) "abc"
bool(true)
string(1) "d"
int(0)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)

--TEST--
Coroutine\Socket: UDP and unix datagram sendto/recvfrom, peek() leaves the data, checkLiveness() before and after the peer closes
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/listen.inc';
Co\run(function () {
    $a = new Swoole\Coroutine\Socket(AF_INET, SOCK_DGRAM);
    $b = new Swoole\Coroutine\Socket(AF_INET, SOCK_DGRAM);
    var_dump($a->bind('127.0.0.1'), $b->bind('127.0.0.1'));
    $pa = $a->getsockname()['port'];
    var_dump($b->sendto('127.0.0.1', $pa, str_repeat('u', 1000)));
    $peer = null;
    var_dump(strlen($a->recvfrom($peer)), $peer['port'] === $b->getsockname()['port']);
    var_dump($b->sendto('not an ip', $pa, 'x'), $b->errCode === SWOOLE_ERROR_DNSLOOKUP_RESOLVE_FAILED);

    $path = sys_get_temp_dir() . '/gust-sock-' . getmypid() . '.sock';
    @unlink($path);
    $u = new Swoole\Coroutine\Socket(AF_UNIX, SOCK_DGRAM);
    var_dump($u->bind($path));
    $v = new Swoole\Coroutine\Socket(AF_UNIX, SOCK_DGRAM);
    var_dump($v->sendto($path, 0, 'via unix'));
    var_dump($u->recvfrom($peer, 1), $u->getsockname() === ['address' => $path, 'port' => 0]);
    unlink($path);

    [$client, $conn] = tcp_pair();
    var_dump($conn->checkLiveness(), $conn->peek(), $conn->errCode === SOCKET_EAGAIN);
    $client->send('peeked');
    $ch = new Swoole\Coroutine\Channel(1);
    // Data arrives asynchronously: wait for it with a read, then peek again.
    var_dump($conn->recv(2), $conn->peek(3), $conn->peek(), $conn->recv());
    $client->close();
    var_dump($conn->recv(10, 1), $conn->checkLiveness(), $conn->errCode === SOCKET_ECONNRESET);
});
?>
--EXPECT--
bool(true)
bool(true)
int(1000)
int(1000)
bool(true)
bool(false)
bool(true)
bool(true)
int(8)
string(8) "via unix"
bool(true)
bool(true)
bool(false)
bool(true)
string(2) "pe"
string(3) "eke"
string(4) "eked"
string(4) "eked"
string(0) ""
bool(false)
bool(true)

--TEST--
Coroutine\Socket: a second reader gets Swoole's bind-conflict Swoole\Error; getBoundCid; close() by another coroutine wakes the waiting reader and writer with SOCKET_ECANCELED, and they run before close() returns (Swoole's order)
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/listen.inc';
Co\run(function () {
    [$client, $conn] = tcp_pair();
    $reader = go(function () use ($conn) {
        var_dump($conn->recv(), $conn->errCode === SOCKET_ECANCELED);
        echo "reader woke\n";
    });
    // The writer fills the socket buffers and then waits (the peer never reads).
    $client->setOption(SOL_SOCKET, SO_SNDBUF, 4096);
    $writer = go(function () use ($client) {
        $n = $client->sendAll(str_repeat('S', 16 * 1024 * 1024));
        var_dump($n > 0 && $n < 16 * 1024 * 1024, $client->errCode === SOCKET_ECANCELED);
        echo "writer woke\n";
    });
    var_dump($conn->getBoundCid(SWOOLE_EVENT_READ) === $reader, $conn->getBoundCid(SWOOLE_EVENT_WRITE));
    var_dump($client->getBoundCid(SWOOLE_EVENT_WRITE) === $writer);
    try {
        $conn->recv();
        echo "not reached\n";
    } catch (Swoole\Error $e) {
        echo preg_replace('/#\d+/', '#N', $e->getMessage()), "\n";
        var_dump($e->getCode() === SWOOLE_ERROR_CO_HAS_BEEN_BOUND);
    }
    echo "closing conn\n";
    $conn->close();
    echo "closing client\n";
    $client->close();
    echo "closed\n";
    Co::join([$reader, $writer]);
    var_dump($conn->getBoundCid(SWOOLE_EVENT_READ), $client->getBoundCid(SWOOLE_EVENT_WRITE));
    echo "done\n";
});
?>
--EXPECT--
bool(true)
int(0)
bool(true)
Socket#N has already been bound to another coroutine#N, reading of the same socket in coroutine#N at the same time is not allowed
bool(true)
closing conn
bool(false)
bool(true)
reader woke
closing client
bool(true)
bool(true)
writer woke
closed
int(0)
int(0)
done

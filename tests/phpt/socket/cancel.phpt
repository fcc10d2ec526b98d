--TEST--
Coroutine\Socket::cancel() from another coroutine wakes the reader (SOCKET_ECANCELED) and the socket stays usable; nothing to cancel: false
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/listen.inc';
Co\run(function () {
    $udp = new Swoole\Coroutine\Socket(AF_INET, SOCK_DGRAM, 0);
    var_dump($udp->bind('127.0.0.1', 0));
    var_dump($udp->cancel());  // nobody waits
    $cid = go(function () use ($udp) {
        $peer = null;
        var_dump($udp->recvfrom($peer), $udp->errCode === SOCKET_ECANCELED, $peer);
    });
    var_dump($udp->cancel(SWOOLE_EVENT_WRITE), $udp->cancel());
    Co::join([$cid]);
    // Still usable after the cancel.
    $port = $udp->getsockname()['port'];
    $c = new Swoole\Coroutine\Socket(AF_INET, SOCK_DGRAM, 0);
    var_dump($c->sendto('127.0.0.1', $port, 'ping'));
    $peer = null;
    var_dump($udp->recvfrom($peer, 1), $peer['address'], $peer['port'] === $c->getsockname()['port']);
    var_dump(@$udp->cancel(12345));
});
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
NULL
int(4)
string(4) "ping"
string(9) "127.0.0.1"
bool(true)
bool(false)

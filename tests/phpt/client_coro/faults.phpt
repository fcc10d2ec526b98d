--TEST--
Coroutine\Client faults: a peer that never sends (SOCKET_ETIMEDOUT), close() from another coroutine while one waits (ECANCELED), a peer closing mid-packet, a length header past package_max_length, connect refused
--EXTENSIONS--
gust
--FILE--
<?php
function listener(): array {
    $server = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    $server->bind('127.0.0.1', 0);
    $server->listen();
    return [$server, $server->getsockname()['port']];
}
Co\run(function () {
    [$server, $port] = listener();
    $accepted = new Co\Channel(4);  // each accepted peer, in order
    go(function () use ($server, $accepted) {
        for ($i = 0; $i < 4 && ($conn = $server->accept(5)); $i++) $accepted->push($conn);
    });
    // 1. silence: the read timeout
    $cli = new Co\Client(SWOOLE_SOCK_TCP);
    $cli->connect('127.0.0.1', $port, 1);
    $peers = [$accepted->pop(5)];  // kept open: its peer stays silent
    $t = microtime(true);
    var_dump($cli->recv(0.1), $cli->errCode === SOCKET_ETIMEDOUT, microtime(true) - $t < 1);
    // the timeout from set()
    $cli->set(['read_timeout' => 0.05]);
    var_dump($cli->recv(), $cli->errCode === SOCKET_ETIMEDOUT);

    // 2. close() while another coroutine waits in recv()
    $cli2 = new Co\Client(SWOOLE_SOCK_TCP);
    $cli2->connect('127.0.0.1', $port, 1);
    $peers[] = $accepted->pop(5);
    $done = new Co\Channel(1);
    go(function () use ($cli2, $done) {
        $r = $cli2->recv(5);
        $code = $cli2->errCode;
        $done->push([$r, $code, $cli2->close()]);  // the last user's close() succeeds
    });
    // go() ran the reader until it parked in recv()
    // Swoole's answer while another coroutine still uses the connection; that one runs before
    // close() returns.
    var_dump($cli2->close(), $cli2->errCode === SWOOLE_ERROR_CO_SOCKET_CLOSE_WAIT, $cli2->connected, $done->length());
    [$r, $code, $closed] = $done->pop(5);
    var_dump($r, $code === SOCKET_ECANCELED, $closed);

    // 3. the peer closes in the middle of a package: "" (end of stream), nothing half-delivered
    $cli3 = new Co\Client(SWOOLE_SOCK_TCP);
    $cli3->set(['open_length_check' => true, 'package_length_type' => 'N', 'package_length_offset' => 0,
                'package_body_offset' => 4, 'package_max_length' => 1024]);
    $cli3->connect('127.0.0.1', $port, 1);
    $peer = $accepted->pop(5);
    $peer->sendAll(pack('N', 10) . 'abc');
    $peer->close();
    var_dump($cli3->recv(1));

    // 4. a length header past package_max_length
    $cli4 = new Co\Client(SWOOLE_SOCK_TCP);
    $cli4->set(['open_length_check' => true, 'package_length_type' => 'N', 'package_length_offset' => 0,
                'package_body_offset' => 4, 'package_max_length' => 1024]);
    $cli4->connect('127.0.0.1', $port, 1);
    $peer = $accepted->pop(5);
    $peer->sendAll(pack('N', 4096) . str_repeat('x', 100));
    var_dump($cli4->recv(1), $cli4->errCode === SWOOLE_ERROR_PACKAGE_LENGTH_TOO_LARGE);
    $peer->sendAll(pack('N', 2) . 'ok');

    // 5. refused, and bad input
    $server->close();
    $bad = new Co\Client(SWOOLE_SOCK_TCP);
    var_dump($bad->connect('127.0.0.1', $port, 1), $bad->errCode === SOCKET_ECONNREFUSED, $bad->connected);
    var_dump(@$bad->connect('127.0.0.1', 70000), @$bad->connect(''));
    $ok = new Co\Client(SWOOLE_SOCK_TCP);
    var_dump(@$ok->send(''));
});
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
int(1)
bool(false)
bool(true)
bool(true)
string(0) ""
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)

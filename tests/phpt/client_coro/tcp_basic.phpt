--TEST--
Coroutine\Client: TCP connect/send/recv/peek/getsockname/getpeername/isConnected/close, properties, Co\Client
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    $server->bind('127.0.0.1', 0);
    $server->listen();
    $port = $server->getsockname()['port'];
    $sent = new Co\Channel(8);  // after each echo is in the client's receive queue
    go(function () use ($server, $sent) {
        $conn = $server->accept(5);
        while (($data = $conn->recv(65536, 5)) !== '' && $data !== false) {
            $conn->sendAll("echo:$data");
            $sent->push(true);
        }
    });
    $cli = new Co\Client(SWOOLE_SOCK_TCP);
    var_dump(get_class($cli), $cli->type === SWOOLE_SOCK_TCP, $cli->isConnected(), $cli->connected, $cli->fd);
    var_dump($cli->recv(), $cli->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);
    var_dump($cli->connect('127.0.0.1', $port, 1));
    var_dump($cli->isConnected(), $cli->connected, $cli->fd > 0);
    var_dump(@$cli->connect('127.0.0.1', $port, 1));
    var_dump($cli->send('hello'));
    var_dump($cli->recv(1));
    $cli->send('x');
    $sent->pop(5);
    $sent->pop(5);  // the echo of 'hello' (already read) and of 'x'
    var_dump($cli->peek(), $cli->recv());
    var_dump($cli->getpeername()['port'] === $port, $cli->getsockname()['host']);
    var_dump($cli->close(), $cli->isConnected(), $cli->connected, $cli->fd, $cli->close());
    var_dump($cli->send('late'), $cli->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);
    // reconnect after close
    var_dump(@$cli->connect('127.0.0.1', 1, 1), $cli->errCode === SOCKET_ECONNREFUSED, $cli->isConnected());
});
try {
    new Swoole\Coroutine\Client(99);
} catch (Swoole\Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
string(23) "Swoole\Coroutine\Client"
bool(true)
bool(false)
bool(false)
int(-1)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(5)
string(10) "echo:hello"
string(6) "echo:x"
string(6) "echo:x"
bool(true)
string(9) "127.0.0.1"
bool(true)
bool(false)
bool(false)
int(-1)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
Swoole\Exception: Unknown client type '99'

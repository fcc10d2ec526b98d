--TEST--
Process::exportSocket(), Coroutine\Socket::import(), sendFile(), Coroutine\Client::exportSocket()
--EXTENSIONS--
gust
--FILE--
<?php
// Process::exportSocket(): the pipe as a Co\Socket on both sides (the same object on each call).
$proc = new Swoole\Process(function (Swoole\Process $p) {
    Co\run(function () use ($p) {
        $s = $p->exportSocket();
        $msg = $s->recv(1024, 5);
        $s->sendAll("child got: $msg");
    });
}, false, SOCK_STREAM);
$proc->start();
Co\run(function () use ($proc) {
    $s = $proc->exportSocket();
    var_dump($s instanceof Swoole\Coroutine\Socket, $s === $proc->exportSocket());
    $s->sendAll('ping');
    var_dump($s->recv(1024, 5));
});
var_dump(Swoole\Process::wait(true)['code']);

$nopipe = new Swoole\Process(function () {}, false, 0);
var_dump(@$nopipe->exportSocket());

// import(): a stream socket's descriptor as a Co\Socket; sendFile() with offset and length.
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, '0123456789abcdef');
Co\run(function () use ($file) {
    $server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
    $port = (int)explode(':', stream_socket_get_name($server, false))[1];
    $cli = stream_socket_client("tcp://127.0.0.1:$port");
    $peer = stream_socket_accept($server);
    $a = Swoole\Coroutine\Socket::import($cli);
    $b = Swoole\Coroutine\Socket::import($peer);
    var_dump($a->domain === AF_INET, $a->type === SOCK_STREAM);
    var_dump($a->sendFile($file), $b->recvAll(16, 1));
    var_dump($a->sendFile($file, 10, 3), $b->recv(16, 1));
    var_dump($a->sendFile($file, 12), $b->recv(16, 1));
    var_dump(@$a->sendFile('/nonexistent/file'), $a->errCode === 2 /* ENOENT */);
    var_dump(@Swoole\Coroutine\Socket::import(fopen('php://memory', 'r')));

    // Coroutine\Client::exportSocket(): the client's own socket.
    $c = new Co\Client(SWOOLE_SOCK_TCP);
    $c->connect('127.0.0.1', $port, 1);
    $sock = $c->exportSocket();
    var_dump($sock === $c->socket, $sock === $c->exportSocket());
    $conn = stream_socket_accept($server);
    var_dump($sock->sendAll('via export'), fread($conn, 100));
    // Closing through the exported socket disconnects the client.
    $sock->close();
    var_dump($c->recv(), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION, $c->connected, $c->socket);
    var_dump($c->sendfile($file), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);
});
unlink($file);
?>
--EXPECT--
bool(true)
bool(true)
string(15) "child got: ping"
int(0)
bool(false)
bool(true)
bool(true)
bool(true)
string(16) "0123456789abcdef"
bool(true)
string(3) "abc"
bool(true)
string(4) "cdef"
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
int(10)
string(10) "via export"
bool(false)
bool(true)
bool(false)
NULL
bool(false)
bool(true)

--TEST--
Coroutine\Server: bind failure throws, start() without handle(), oversized length package, a peer that never sends, exportSocket()
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Server;
use Swoole\Coroutine\Server\Connection;

Co\run(function () {
    try {
        new Server('256.1.1.1', 0);
    } catch (Swoole\Exception $e) {
        echo get_class($e), ": ", $e->getMessage(), " code=", $e->getCode() === SOCKET_EINVAL ? 'EINVAL' : $e->getCode(), "\n";
    }
    $s = new Server('127.0.0.1', 0);
    var_dump($s->start(), $s->errCode === SOCKET_EINVAL);

    $server = new Server('127.0.0.1', 0);
    $server->set(['open_length_check' => true, 'package_length_type' => 'N', 'package_length_offset' => 0,
                  'package_body_offset' => 4, 'package_max_length' => 1024]);
    $server->handle(function (Connection $conn) use ($server) {
        var_dump($conn->exportSocket() instanceof Swoole\Coroutine\Socket);
        $data = $conn->recv(0.2);
        echo "first: ", var_export($data, true), " errCode=", $conn->exportSocket()->errCode === SOCKET_ETIMEDOUT ? 'ETIMEDOUT' : $conn->exportSocket()->errCode, "\n";
        $data = $conn->recv(2);
        echo "oversized: ", var_export($data, true), " errCode=", $conn->exportSocket()->errCode === SWOOLE_ERROR_PACKAGE_LENGTH_TOO_LARGE ? 'TOO_LARGE' : $conn->exportSocket()->errCode, "\n";
        var_dump($conn->close());
        $server->shutdown();
    });
    $got = new Swoole\Coroutine\Channel(1);
    go(function () use ($server, $got) {
        $c = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
        $c->connect('127.0.0.1', $server->port);
        Co::sleep(0.4);  // the server's first recv() times out meanwhile
        $c->send(pack('N', 1 << 20) . 'x');
        $got->push($c->recv(1024, 2));  // the server closes
    });
    var_dump($server->start());
    // EOF, or a reset when the oversized package's bytes were still unread: either way, closed.
    $closed = $got->pop(3);
    var_dump($closed === '' || $closed === false);
});
?>
--EXPECTF--
Swoole\Exception: bind(256.1.1.1:0) failed code=EINVAL
bool(false)
bool(true)
bool(true)
first: false errCode=ETIMEDOUT
oversized: false errCode=TOO_LARGE
bool(true)
bool(true)
bool(true)

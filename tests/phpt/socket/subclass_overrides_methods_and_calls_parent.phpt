--TEST--
Co\Socket is open as in Swoole: a subclass overrides send()/recv() and calls parent::; one whose constructor skips parent::__construct() gets a clear Error from its I/O methods, never a crash
--EXTENSIONS--
gust
--FILE--
<?php
class FramedSocket extends Swoole\Coroutine\Socket {
    public int $sent = 0;
    public function __construct() { parent::__construct(AF_INET, SOCK_STREAM, 0); }
    public function send(string $data, float $timeout = 0): int|false {
        $this->sent++;
        return parent::send("[$data]", $timeout);
    }
}
class NoParentCtor extends Swoole\Coroutine\Socket {
    public function __construct() {}
}
Co\run(function () {
    $server = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    var_dump($server->bind('127.0.0.1', 0), $server->listen());
    $port = $server->getsockname()['port'];
    go(function () use ($server) {
        $peer = $server->accept(5);
        $got = $peer->recv(100, 5);
        echo "server got: $got\n";
    });
    $client = new FramedSocket();
    var_dump($client instanceof Swoole\Coroutine\Socket, $client->connect('127.0.0.1', $port, 5));
    var_dump($client->send('hello'), $client->sent);
    $bad = new NoParentCtor();
    foreach (['connect' => ['127.0.0.1', $port], 'recv' => [], 'close' => []] as $method => $args) {
        try {
            $r = $bad->$method(...$args);
            echo "$method: returned ", var_export($r, true), "\n";
        } catch (Error $e) {
            echo "$method: ", $e->getMessage(), "\n";
        }
    }
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(7)
int(1)
connect: Swoole\Coroutine\Socket: you must call constructor first
recv: Swoole\Coroutine\Socket: you must call constructor first
close: returned false
server got: [hello]

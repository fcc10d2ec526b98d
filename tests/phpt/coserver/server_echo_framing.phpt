--TEST--
Coroutine\Server: accept loop, one coroutine per connection, EOF framing from set(), properties, shutdown
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Server;
use Swoole\Coroutine\Server\Connection;

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    var_dump($server->port > 0, $server->fd > 0, $server->host, $server->type === AF_INET, $server->ssl);
    $server->set(['open_eof_check' => true, 'package_eof' => "\n"]);
    $served = 0;
    $server->handle(function (Connection $conn) use ($server, &$served) {
        while (($data = $conn->recv(2)) !== '' && $data !== false) {
            $conn->send("echo:" . $data);
        }
        $conn->close();
        if (++$served === 2) $server->shutdown();
    });
    go(function () use ($server) {
        $wg = new Swoole\Coroutine\WaitGroup;
        for ($i = 0; $i < 2; $i++) {
            $wg->add();
            go(function () use ($server, $i, $wg) {
                $c = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
                $c->connect('127.0.0.1', $server->port);
                $c->setProtocol(['open_eof_check' => true, 'package_eof' => "\n"]);
                $c->send("a$i\nb$i\n");  // two packages in one write
                $got = [$c->recvPacket(2), $c->recvPacket(2)];
                echo "client $i: ", json_encode($got), "\n";
                $c->close();
                $wg->done();
            });
        }
        $wg->wait();
    });
    var_dump($server->start());
    echo "stopped after $served\n";
    var_dump(Co\Server::class === Server::class || class_exists('Co\Server'));
});
?>
--EXPECTF--
bool(true)
bool(true)
string(9) "127.0.0.1"
bool(true)
bool(false)
client %d: ["echo:a%d\n","echo:b%d\n"]
client %d: ["echo:a%d\n","echo:b%d\n"]
bool(true)
stopped after 2
bool(true)

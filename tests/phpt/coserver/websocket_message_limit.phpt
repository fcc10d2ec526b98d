--TEST--
Coroutine\Http\Server: an uncompressed fragmented WebSocket message longer than package_max_length is failed with close code 1009 and the connection closed, before more of it is held (memory stays bounded)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;
use Swoole\Coroutine\Http\Client;

const LIMIT = 1024 * 1024;
const FRAGMENT = 256 * 1024;

function max_rss_kib(): int { return getrusage()['ru_maxrss']; }

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    $server->set(['package_max_length' => LIMIT]);
    $results = new Co\Channel(2);
    $server->handle('/ws', function ($req, $resp) use ($results) {
        $resp->upgrade();
        $results->push('server recv: ' . var_export($resp->recv(10), true));
    });
    go(function () use ($server, $results) {
        // Exactly enough fragments to pass the limit: the server reads them all, then answers 1009.
        $c = new Client('127.0.0.1', $server->port);
        $c->set(['open_websocket_close_frame' => true]);
        $c->upgrade('/ws');
        $fragment = str_repeat('a', FRAGMENT);
        $n = intdiv(LIMIT, FRAGMENT) + 1;
        $pushed = 0;
        for ($i = 0; $i < $n; $i++) {
            $pushed += (int) $c->push($fragment, $i === 0 ? WEBSOCKET_OPCODE_TEXT : WEBSOCKET_OPCODE_CONTINUATION, 0);
        }
        echo "pushed $pushed of $n fragments\n";
        $close = $c->recv(5);
        echo "client got: opcode ", $close->opcode ?? '-', " code ", $close->code ?? '-', "\n";
        var_dump($c->recv(5) == '');  // the server closed after its close frame
        echo $results->pop(5), "\n";

        // A message that would be 128 MiB: the server stops it at the limit, so the client's
        // pushes fail long before the end and the process does not grow by the message.
        $before = max_rss_kib();
        $c = new Client('127.0.0.1', $server->port);
        $c->upgrade('/ws');
        $fragment = str_repeat('b', 512 * 1024);
        $total = 256;
        $pushed = 0;
        for ($i = 0; $i < $total; $i++) {
            if (!$c->push($fragment, $i === 0 ? WEBSOCKET_OPCODE_BINARY : WEBSOCKET_OPCODE_CONTINUATION, 0)) break;
            $pushed++;
        }
        echo "pushes stopped early: ", var_export($pushed < $total / 4, true), "\n";
        $grown = max_rss_kib() - $before;
        echo $results->pop(5), "\n";
        echo "memory bounded: ", var_export($grown < 48 * 1024, true), $grown < 48 * 1024 ? "" : " (grew $grown KiB)", "\n";
        $server->shutdown();
    });
    $server->start();
});
?>
--EXPECT--
pushed 5 of 5 fragments
client got: opcode 8 code 1009
bool(true)
server recv: false
pushes stopped early: true
server recv: false
memory bounded: true

--TEST--
Coroutine\Http\Server: Response::upgrade(), recv() (text, fragmented, ping answered, close), push(), with the coroutine WebSocket client; upgrade() refused on a plain request
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;
use Swoole\Coroutine\Http\Client;

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    $server->handle('/ws', function ($req, $resp) {
        var_dump($resp->upgrade());
        while (true) {
            $frame = $resp->recv(2);
            if ($frame === '' || $frame === false) { echo "server: peer gone\n"; break; }
            if ($frame instanceof Swoole\WebSocket\CloseFrame) { echo "server: close {$frame->code}\n"; break; }
            echo "server got: {$frame->data} (opcode {$frame->opcode})\n";
            $resp->push("echo:" . $frame->data);
            $f = new Swoole\WebSocket\Frame;
            $f->data = 'bin';
            $f->opcode = WEBSOCKET_OPCODE_BINARY;
            $resp->push($f);
        }
    });
    $server->handle('/plain', function ($req, $resp) {
        var_dump(@$resp->upgrade());
        $resp->end('plain');
    });
    go(function () use ($server) {
        $c = new Client('127.0.0.1', $server->port);
        $c->set(['open_websocket_ping_frame' => true, 'open_websocket_pong_frame' => true]);
        var_dump($c->upgrade('/ws'), $c->statusCode);
        $c->push('hello');
        $a = $c->recv(2);
        $b = $c->recv(2);
        echo "client got: {$a->data}, {$b->data} (opcode {$b->opcode})\n";
        $c->push('par', WEBSOCKET_OPCODE_TEXT, 0);  // a fragmented message
        $c->push('ts', WEBSOCKET_OPCODE_CONTINUATION, SWOOLE_WEBSOCKET_FLAG_FIN);
        echo "client got: {$c->recv(2)->data}\n";
        $c->recv(2);
        $c->push('', WEBSOCKET_OPCODE_PING);
        $pong = $c->recv(2);
        echo "client got opcode {$pong->opcode}\n";
        $c->push(pack('n', 1000) . 'bye', WEBSOCKET_OPCODE_CLOSE);
        $c->close();
        $p = new Client('127.0.0.1', $server->port);
        $p->get('/plain');
        echo "plain: {$p->statusCode} {$p->body}\n";
        $server->shutdown();
    });
    $server->start();
});
?>
--EXPECTF--
bool(true)
bool(true)
int(101)
server got: hello (opcode 1)
client got: echo:hello, bin (opcode 2)
server got: parts (opcode 1)
client got: echo:parts
client got opcode 10
server: close 1000
bool(false)
plain: 200 plain

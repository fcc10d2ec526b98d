--TEST--
Coroutine\Http\Server: headers and cookies set before upgrade() go out with the 101; Response::ping(), disconnect() (close frame with code and reason, then closed), goaway() refused (HTTP/2 only); ping()/disconnect() refused before upgrade()
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;
use Swoole\Coroutine\Http\Client;

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    $server->handle('/ws', function ($req, $resp) {
        $resp->header('X-Token', 'abc');
        $resp->header('Server', 'mine');
        $resp->cookie('session', 'xyz');
        var_dump($resp->upgrade());
        $frame = $resp->recv(2);
        echo "server got: {$frame->data}\n";
        var_dump($resp->ping('are you there'), $resp->ping());
        try {
            $resp->ping(str_repeat('x', 126));
        } catch (ValueError $e) {
            echo get_class($e), "\n";
        }
        var_dump(@$resp->goaway());
        $frame = $resp->recv(2);
        echo "server got: {$frame->data}\n";
        var_dump($resp->disconnect(4000, 'bye now'));
        var_dump(@$resp->push('late'));
    });
    $server->handle('/plain', function ($req, $resp) {
        var_dump(@$resp->ping(), @$resp->disconnect(), @$resp->goaway());
        $resp->end('plain');
    });
    go(function () use ($server) {
        $c = new Client('127.0.0.1', $server->port);
        $c->set(['open_websocket_ping_frame' => true, 'open_websocket_close_frame' => true]);
        var_dump($c->upgrade('/ws'), $c->statusCode);
        echo "101 headers: x-token={$c->headers['x-token']} server={$c->headers['server']}\n";
        echo "101 cookie: ", json_encode($c->set_cookie_headers ?? $c->cookies), "\n";
        $c->push('hello');
        $p1 = $c->recv(2);
        $p2 = $c->recv(2);
        echo "client got ping: opcode {$p1->opcode} '{$p1->data}', opcode {$p2->opcode} '{$p2->data}'\n";
        $c->push('more');
        $close = $c->recv(2);
        echo "client got close: opcode {$close->opcode} code {$close->code} '{$close->reason}'\n";
        var_dump($c->recv(2) == '');  // the server closed after its close frame
        $c->close();
        $p = new Client('127.0.0.1', $server->port);
        $p->get('/plain');
        echo "plain: {$p->statusCode} {$p->body}\n";
        $server->shutdown();
    });
    $server->start();
});
?>
--EXPECT--
bool(true)
bool(true)
int(101)
101 headers: x-token=abc server=mine
101 cookie: ["session=xyz"]
server got: hello
bool(true)
bool(true)
ValueError
bool(false)
client got ping: opcode 9 'are you there', opcode 9 ''
server got: more
bool(true)
bool(false)
client got close: opcode 8 code 4000 'bye now'
bool(true)
bool(false)
bool(false)
bool(false)
plain: 200 plain

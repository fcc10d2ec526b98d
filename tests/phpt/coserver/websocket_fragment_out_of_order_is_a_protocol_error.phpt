--TEST--
Coroutine\Http\Server WebSocket: a continuation frame with no fragmented message started, or a new text/binary frame inside a fragmented message, fails the connection with close code 1002 (RFC 6455 §5.4) instead of being taken as data; a well-ordered fragmented message still arrives whole
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;
use Swoole\Coroutine\Http\Client;
use Swoole\WebSocket\Frame;

function frame(int $opcode, string $data, bool $fin): Frame {
    $f = new Frame;
    $f->opcode = $opcode;
    $f->data = $data;
    $f->finish = $fin;
    return $f;
}

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    $server->handle('/ws', function ($req, $resp) {
        $resp->upgrade();
        $frame = $resp->recv(5);
        echo "server got: ", $frame === false ? 'false' : ($frame->opcode === WEBSOCKET_OPCODE_CLOSE ? 'close' : "'{$frame->data}'"), "\n";
    });
    go(function () use ($server) {
        $cases = [
            'whole' => [frame(WEBSOCKET_OPCODE_TEXT, 'ab', false), frame(WEBSOCKET_OPCODE_CONTINUATION, 'cd', true)],
            'stray continuation' => [frame(WEBSOCKET_OPCODE_CONTINUATION, 'cd', true)],
            'text inside a message' => [frame(WEBSOCKET_OPCODE_TEXT, 'ab', false), frame(WEBSOCKET_OPCODE_TEXT, 'cd', true)],
        ];
        foreach ($cases as $name => $frames) {
            echo "$name:\n";
            $c = new Client('127.0.0.1', $server->port);
            $c->set(['open_websocket_close_frame' => true]);
            $c->upgrade('/ws');
            foreach ($frames as $f) $c->push($f);
            if ($name === 'whole') {
                $c->recv(5);  // returns once the handler has printed and ended the connection
                $c->close();
                continue;
            }
            $close = $c->recv(5);
            echo "client got: ", $close ? "opcode {$close->opcode} code {$close->code}" : 'nothing', "\n";
            var_dump($c->recv(5) == '');  // then the server closed
            $c->close();
        }
        $server->shutdown();
    });
    $server->start();
});
?>
--EXPECT--
whole:
server got: 'abcd'
stray continuation:
server got: false
client got: opcode 8 code 1002
bool(true)
text inside a message:
server got: false
client got: opcode 8 code 1002
bool(true)

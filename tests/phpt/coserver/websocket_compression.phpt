--TEST--
Coroutine\Http\Server: permessage-deflate with websocket_compression (negotiated in upgrade(), FLAG_COMPRESS deflates, compressed messages inflated, a script-deflated fragmented message passed through), none without it
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;
use Swoole\Coroutine\Http\Client;

$text = str_repeat('compress me ', 500);
$compressed = fn($frame) => ($frame->flags & SWOOLE_WEBSOCKET_FLAG_COMPRESS) ? 'compressed' : 'plain';

Co\run(function () use ($text, $compressed) {
    $servers = [];
    foreach ([true, false] as $on) {
        $server = new Server('127.0.0.1', 0);
        $server->set(['websocket_compression' => $on]);
        $server->handle('/', function ($req, $resp) use ($text, $compressed) {
            $resp->upgrade();
            $frame = $resp->recv(5);
            echo "server got ", strlen($frame->data), " bytes, ", $compressed($frame), ", same: ",
                var_export($frame->data === $text, true), "\n";
            $resp->push($frame->data, WEBSOCKET_OPCODE_TEXT, SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS);
            // A message the script deflated itself, in three fragments: RSV1 on the first only.
            $ctx = deflate_init(ZLIB_ENCODING_RAW);
            $resp->push(deflate_add($ctx, 'one,', ZLIB_SYNC_FLUSH), WEBSOCKET_OPCODE_TEXT,
                SWOOLE_WEBSOCKET_FLAG_COMPRESS | SWOOLE_WEBSOCKET_FLAG_RSV1);
            $resp->push(deflate_add($ctx, 'two,', ZLIB_SYNC_FLUSH), WEBSOCKET_OPCODE_CONTINUATION, 0);
            $resp->push(deflate_add($ctx, 'three', ZLIB_FINISH), WEBSOCKET_OPCODE_CONTINUATION, SWOOLE_WEBSOCKET_FLAG_FIN);
        });
        go(fn() => $server->start());
        $servers[] = $server;
    }
    [$with, $without] = $servers;
    $cases = [
        'both compress' => [$with, true],
        'client does not offer' => [$with, false],
        'server does not accept' => [$without, true],
    ];
    foreach ($cases as $name => [$server, $offer]) {
        echo "-- $name\n";
        $c = new Client('127.0.0.1', $server->port);
        $c->set(['websocket_compression' => $offer]);
        var_dump($c->upgrade('/'));
        echo "extensions: ", $c->headers['sec-websocket-extensions'] ?? 'none', "\n";
        $c->push($text, WEBSOCKET_OPCODE_TEXT, SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS);
        $echo = $c->recv(5);
        echo "client got ", strlen($echo->data), " bytes, ", $compressed($echo), ", same: ",
            var_export($echo->data === $text, true), "\n";
        if ($offer && $server === $with) {
            $frame = $c->recv(5);
            echo "client got ", json_encode($frame->data), ", ", $compressed($frame), "\n";
        }
        $c->close();
    }
    $with->shutdown();
    $without->shutdown();
});
?>
--EXPECT--
-- both compress
bool(true)
extensions: permessage-deflate
server got 6000 bytes, compressed, same: true
client got 6000 bytes, compressed, same: true
client got "one,two,three", compressed
-- client does not offer
bool(true)
extensions: none
server got 6000 bytes, plain, same: true
client got 6000 bytes, plain, same: true
-- server does not accept
bool(true)
extensions: none
server got 6000 bytes, plain, same: true
client got 6000 bytes, plain, same: true

--TEST--
Coroutine\Http\Server with HTTP/2: bad input (bad preface, rapid reset, CONTINUATION flood, HPACK bomb, PING and SETTINGS floods, stream id regression, DATA on a closed stream, oversized frame, more streams than allowed) ends with GOAWAY or RST_STREAM, and the server serves the next connection
--EXTENSIONS--
gust
--SKIPIF--
<?php if (trim((string)shell_exec('python3 -c "import hyperframe; print(1)" 2>/dev/null')) !== '1') die('skip python3 with hyperframe needed'); ?>
--FILE--
<?php
Co\run(function () {
    $server = new Swoole\Coroutine\Http\Server('127.0.0.1', 0);
    $server->set(['http2_max_concurrent_streams' => 100]);  // HTTP/2 is on by default here
    $server->handle('/', function ($req, $resp) {
        $resp->end("hello");
    });
    go(function () use ($server) {
        echo Co\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/../http2/h2_attacks.py {$server->port} 2>&1")['output'];
        $server->shutdown();
    });
    $server->start();
    echo "done\n";
});
?>
--EXPECT--
bad preface: closed
rapid reset: GOAWAY INTERNAL_ERROR
CONTINUATION flood: GOAWAY PROTOCOL_ERROR
HPACK bomb: RST_STREAM INTERNAL_ERROR
PING flood: GOAWAY ENHANCE_YOUR_CALM
SETTINGS flood: GOAWAY ENHANCE_YOUR_CALM
stream id regression: GOAWAY PROTOCOL_ERROR
DATA on a closed stream: GOAWAY STREAM_CLOSED
oversized frame: GOAWAY FRAME_SIZE_ERROR
too many streams: RST_STREAM REFUSED_STREAM
done

--TEST--
open_http2_protocol: bad HTTP/2 input (bad preface, rapid reset, CONTINUATION flood, HPACK bomb, PING and SETTINGS floods, stream id regression, DATA on a closed stream, oversized frame, more streams than allowed) ends with GOAWAY or RST_STREAM, and the worker serves the next connection
--EXTENSIONS--
gust
--SKIPIF--
<?php if (trim((string)shell_exec('python3 -c "print(1)" 2>/dev/null')) !== '1') die('skip python3 needed'); ?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../http/serve.inc';
http_test(function ($req, $resp) {
    // Requests of the attacks that get through are left open (no END_STREAM answer needed):
    // only the probe request ("/") is answered.
    $resp->end("hello");
}, function ($port) {
    echo Swoole\Coroutine\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/h2_attacks.py $port 2>&1")['output'];
}, ['open_http2_protocol' => true, 'http2_max_concurrent_streams' => 100]);
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

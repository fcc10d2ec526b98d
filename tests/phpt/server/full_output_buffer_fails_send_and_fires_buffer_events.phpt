--TEST--
send() to a client that does not read fails once socket_buffer_size is queued (SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW, bufferFull), bufferEmpty fires when it drains; in BASE mode one send() over socket_buffer_size + buffer_output_size is refused (SWOOLE_ERROR_DATA_LENGTH_TOO_LARGE, a log line, no warning) and one up to that size is taken on an empty connection
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'send_yield' => false, 'socket_buffer_size' => 256 * 1024, 'buffer_output_size' => 100000, 'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('workerStart', function ($s) {
    $c = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($c, "go");
    $GLOBALS['client'] = $c;
});
$server->on('receive', function ($s, $fd, $rid, $data) {
    var_dump($s->send($fd, str_repeat('y', 256 * 1024 + 100001)), $s->getLastError() === SWOOLE_ERROR_DATA_LENGTH_TOO_LARGE);
    var_dump($s->send($fd, str_repeat('z', 256 * 1024 + 100000)));
    $chunk = str_repeat('x', 64 * 1024);
    $sent = 256 * 1024 + 100000;
    for ($i = 0; $i < 1000; $i++) {
        if (!$s->send($fd, $chunk)) break;
        $sent += strlen($chunk);
    }
    echo "send failed after some chunks: ", var_export($i < 1000 && $sent > 0, true), ", error is overflow: ",
        var_export($s->getLastError() === SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW, true), "\n";
    $GLOBALS['sent'] = $sent;
    $read = 0;
    while ($read < $sent) $read += strlen(fread($GLOBALS['client'], 1 << 20));
    echo "client read everything sent: ", var_export($read === $sent, true), "\n";
});
$server->on('bufferFull', function ($s, $fd) { echo "bufferFull $fd\n"; });
$server->on('bufferEmpty', function ($s, $fd) { echo "bufferEmpty $fd\n"; $s->shutdown(); });
$server->start();
?>
--EXPECTF--
[%s]	WARNING	BaseFactory::finish() (ERRNO 1203): The length of data [362145] exceeds the output buffer size[362144], please use the sendfile, chunked transfer mode or adjust the output_buffer_size
bool(false)
bool(true)
bool(true)
bufferFull 1
send failed after some chunks: true, error is overflow: true
bufferEmpty 1
client read everything sent: true

--TEST--
send_yield: a send() waiting on a client that never reads gives up at send_timeout with SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'send_yield' => true, 'send_timeout' => 0.5, 'socket_buffer_size' => 128 * 1024,
              'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => 5]);
$server->on('workerStart', function ($s) {
    $c = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($c, "idle");  // and never reads
    $GLOBALS['idle'] = $c;
});
$server->on('receive', function ($s, $fd, $rid, $data) {
    $t = microtime(true);
    $ok = true;
    for ($i = 0; $i < 1000 && $ok; $i++) $ok = $s->send($fd, str_repeat('z', 65536));
    $waited = microtime(true) - $t;
    echo "send failed: ", var_export(!$ok, true), ", error is overflow: ",
        var_export($s->getLastError() === SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW, true),
        ", after waiting the timeout: ", var_export($waited >= 0.45, true), "\n";
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
send failed: true, error is overflow: true, after waiting the timeout: true

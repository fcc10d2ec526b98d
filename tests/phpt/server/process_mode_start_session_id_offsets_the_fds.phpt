--TEST--
SWOOLE_PROCESS: start_session_id makes the fds count from it (rounded down to a multiple of reactor_num, which picks each connection's reactor thread); the fd reaches send(), exists() and getClientInfo()
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
$server->set(['worker_num' => 1, 'reactor_num' => 1, 'start_session_id' => 5000, 'log_level' => SWOOLE_LOG_WARNING,
              'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('receive', function ($s, $fd, $rid, $data) {
    $s->send($fd, "$fd " . var_export($s->exists($fd), true) . ' ' . $s->getClientInfo($fd)['reactor_id'] . "\n");
});
$server->on('workerStart', function ($s) {
    $replies = [];
    foreach ([1, 2, 3] as $i) {
        $c = stream_socket_client("tcp://127.0.0.1:{$s->port}", $errno, $errstr, 5);
        fwrite($c, "hello");
        stream_set_timeout($c, 5);
        $replies[] = trim((string)fgets($c));
        fclose($c);
    }
    echo implode("\n", $replies), "\n";
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
5001 true 0
5002 true 0
5003 true 0

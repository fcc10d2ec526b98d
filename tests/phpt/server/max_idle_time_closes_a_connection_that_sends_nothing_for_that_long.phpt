--TEST--
max_idle_time closes a connection that sent nothing for that long (within a tenth of the time), not one that keeps sending; start_session_id makes the fds count from it
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'max_idle_time' => 0.4, 'start_session_id' => 1 << 31,
              'hook_flags' => SWOOLE_HOOK_ALL]);
$received = [];
$closed = [];
$server->on('connect', function ($s, $fd) { echo "connect ", $fd - (1 << 31), "\n"; });
$server->on('receive', function ($s, $fd, $r, $data) use (&$received) { $received[$fd] = microtime(true); });
$server->on('close', function ($s, $fd) use (&$closed) { $closed[$fd] = microtime(true); });
$server->on('workerStart', function ($s) use (&$received, &$closed) {
    $idle = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    $chatty = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($idle, 'once');
    // The chatty one sends every 0.1 s for 1 s: never idle for 0.4 s.
    go(function () use ($chatty) {
        for ($i = 0; $i < 10; $i++) {
            fwrite($chatty, 'x');
            usleep(100000);
        }
    });
    stream_set_timeout($idle, 5);
    var_dump(fread($idle, 10));  // EOF once the server closed it
    $idle_fd = (1 << 31) + 1;
    $after = $closed[$idle_fd] - $received[$idle_fd];
    echo $after >= 0.4 && $after < 0.6 ? "closed after max_idle_time\n" : "closed after $after s\n";
    usleep(700000);
    var_dump($s->exists((1 << 31) + 2), isset($closed[(1 << 31) + 2]));
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
connect 1
connect 2
string(0) ""
closed after max_idle_time
bool(true)
bool(false)

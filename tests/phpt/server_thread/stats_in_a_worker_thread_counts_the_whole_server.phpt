--TEST--
SWOOLE_THREAD server, worker_num 2: stats() in a worker thread counts every worker thread's connections and requests (each publishes its counts when its loop goes to sleep), not only its own
--EXTENSIONS--
gust
pcntl
posix
--SKIPIF--
<?php if (!PHP_ZTS) die('skip SWOOLE_THREAD needs a thread-safe PHP'); ?>
--FILE--
<?php
require __DIR__ . '/thread_server.inc';

function make_server($report): Swoole\Http\Server {
    $http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $http->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_NONE]);
    $http->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "workerStart $id\n"); });
    $http->on('request', function ($req, $resp) use ($http) {
        $st = $http->stats();
        $resp->end($req->server['request_uri'] === '/stats' ? json_encode($st) : (string)$http->getWorkerId());
    });
    return $http;
}

if (($args = Swoole\Thread::getArguments()) !== null) {
    make_server(...$args)->start();
    return;
}
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $http = make_server($report);
    $http->set(['init_arguments' => fn() => [$report]]);
    $http->on('start', function ($s) use ($report) { fwrite($report, "start {$s->port}\n"); });
    $http->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
$port = (int)wait_event($events, 'start')[1];
wait_event($events, 'workerStart');
wait_event($events, 'workerStart');
// Requests one after another until both worker threads have answered (each connection goes to
// the socket of one of them: SO_REUSEPORT).
$made = 0;
$served = [];
while (count($served) < 2 && $made < 200) {
    $served[http_body(http_send($port, '/hit'))] = true;
    $made++;
}
ksort($served);
echo "answered by workers: ", implode(',', array_keys($served)), "\n";
// The other thread publishes right after it answers: ask until its last request shows (bounded).
for ($i = 0; $i < 50; $i++) {
    $st = json_decode(http_body(http_send($port, '/stats')), true);
    $made++;
    if ($st['request_count'] === $made && $st['accept_count'] === $made && $st['connection_num'] === 1
        && $st['idle_worker_num'] === 1) break;
}
echo "accept_count = requests made: ", var_export($st['accept_count'] === $made, true), "\n";
echo "request_count = requests made: ", var_export($st['request_count'] === $made, true), "\n";
echo "close_count = requests made - 1: ", var_export($st['close_count'] === $made - 1, true), "\n";
echo "connection_num: {$st['connection_num']}, worker_num: {$st['worker_num']}, idle_worker_num: {$st['idle_worker_num']}\n";
echo "own worker_request_count below the total: ", var_export($st['worker_request_count'] < $made, true), "\n";
stop_server($pid);
?>
--EXPECT--
answered by workers: 0,1
accept_count = requests made: true
request_count = requests made: true
close_count = requests made - 1: true
connection_num: 1, worker_num: 2, idle_worker_num: 1
own worker_request_count below the total: true
server exit status: 0

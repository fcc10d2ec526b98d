--TEST--
SWOOLE_THREAD Http\Server, worker_num 2: onStart runs in the main thread, onWorkerStart once in each worker thread (the bootstrap script, which gets init_arguments from Thread::getArguments()); while one worker thread is held in its callback the other accepts and answers, each with its own getWorkerId(); SIGTERM stops both and start() returns in the main thread
--EXTENSIONS--
gust
pcntl
posix
--SKIPIF--
<?php if (!PHP_ZTS) die('skip SWOOLE_THREAD needs a thread-safe PHP (tests/phpt/server/thread_mode_on_non_zts_php_is_refused_at_construction.phpt covers this one)'); ?>
--FILE--
<?php
require __DIR__ . '/thread_server.inc';

function make_server($report, $gate): Swoole\Http\Server {
    stream_set_read_buffer($gate, 0);  // each worker takes one byte of the gate, no more
    $http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $http->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_NONE]);
    $http->on('workerStart', function ($s, $id) use ($report) {
        fwrite($report, "workerStart $id " . (Swoole\Thread::getArguments() !== null ? 'thread' : 'main') . "\n");
    });
    $http->on('request', function ($req, $resp) use ($http, $report, $gate) {
        $id = $http->getWorkerId();
        fwrite($report, "busy $id\n");
        fread($gate, 1);  // held here (no hooks: the whole thread waits) until the test lets it go
        $resp->end("worker $id");
    });
    return $http;
}

if (($args = Swoole\Thread::getArguments()) !== null) {
    make_server(...$args)->start();  // a worker thread: serves as its worker
    return;
}
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$open, $gate] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    fclose($open);
    $http = make_server($report, $gate);
    $http->set(['init_arguments' => fn() => [$report, $gate]]);
    $http->on('start', function ($s) use ($report) { fwrite($report, "start {$s->port}\n"); });
    $ok = $http->start();
    fwrite($report, "returned " . var_export($ok, true) . "\n");
    exit(0);
}
fclose($report);
fclose($gate);
stream_set_timeout($events, 20);
$port = (int)wait_event($events, 'start')[1];
$started = [];
while (count($started) < 2) {
    $e = wait_event($events, 'workerStart');
    $started[$e[1]] = $e[2];
}
ksort($started);
foreach ($started as $id => $where) echo "workerStart $id in a $where\n";
$a = http_send($port, '/a');
$first = wait_event($events, 'busy')[1];
$b = http_send($port, '/b');  // the first worker is held: the other one must take it
$second = wait_event($events, 'busy')[1];
echo "two different workers: ", var_export($first !== $second, true), "\n";
fwrite($open, "xx");
$bodies = [http_body($a), http_body($b)];
echo "answers: ", var_export($bodies === ["worker $first", "worker $second"], true) ?: json_encode($bodies), "\n";
stop_server($pid);
echo implode(' ', next_event($events)), "\n";
?>
--EXPECT--
workerStart 0 in a thread
workerStart 1 in a thread
two different workers: true
answers: true
server exit status: 0
returned true

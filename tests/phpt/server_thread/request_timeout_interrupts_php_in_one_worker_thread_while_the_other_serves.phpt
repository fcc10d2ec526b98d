--TEST--
SWOOLE_THREAD Http\Server with request_timeout, worker_num 2: a handler spinning in PHP without yielding in one worker thread is interrupted past its deadline (503, its coroutine ended) by that thread's own CPU guard, while the other worker thread answers meanwhile; the interrupted thread serves again afterwards
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
    // The interrupt's warning would interleave with the test's own output (another process):
    // the 503 is what this test checks (http/request_timeout_interrupts_php_that_never_yields.phpt
    // checks the warning).
    ini_set('display_errors', '0');
    $http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $http->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_NONE, 'request_timeout' => 0.3]);
    $http->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "workerStart $id\n"); });
    $http->on('request', function ($req, $resp) use ($http, $report) {
        $id = $http->getWorkerId();
        if ($req->server['request_uri'] === '/spin') {
            fwrite($report, "spinning $id\n");
            while (true) {}
        }
        $resp->end("worker $id");
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
    $ok = $http->start();
    fwrite($report, "returned " . var_export($ok, true) . "\n");
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
$port = (int)wait_event($events, 'start')[1];
wait_event($events, 'workerStart');
wait_event($events, 'workerStart');
$t = microtime(true);
$spin = http_send($port, '/spin');
$spinner = wait_event($events, 'spinning')[1];
// While that thread spins, the other answers (the least loaded one takes the new connection).
$other = http_body(http_send($port, '/'));
echo "other thread answered during the spin: ", var_export($other === 'worker ' . (1 - $spinner), true) ?: $other, "\n";
$all = stream_get_contents($spin);
echo "spin: ", substr($all, 0, strlen("HTTP/1.1 503")), "\n";
echo "within bounds: ", var_export(microtime(true) - $t < 5, true), "\n";
// Both threads serve afterwards.
$seen = [];
for ($i = 0; $i < 20 && count($seen) < 2; $i++) {
    $a = http_send($port, '/');
    $b = http_send($port, '/');
    $seen[http_body($a)] = true;
    $seen[http_body($b)] = true;
}
ksort($seen);
echo "serving: ", implode(', ', array_keys($seen)), "\n";
stop_server($pid);
echo implode(' ', next_event($events)), "\n";
?>
--EXPECT--
other thread answered during the spin: true
spin: HTTP/1.1 503
within bounds: true
serving: worker 0, worker 1
server exit status: 0
returned true

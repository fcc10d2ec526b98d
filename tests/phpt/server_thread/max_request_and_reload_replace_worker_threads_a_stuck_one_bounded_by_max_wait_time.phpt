--TEST--
SWOOLE_THREAD: max_request ends a worker thread after its requests (a new thread takes the worker id); reload() from a worker thread restarts every worker thread; a worker thread stuck in its callback during a reload is given up after max_wait_time: a new thread serves in its place at once and the stuck one finishes its request on its own
--EXTENSIONS--
gust
pcntl
posix
--SKIPIF--
<?php if (!PHP_ZTS) die('skip SWOOLE_THREAD needs a thread-safe PHP'); ?>
--FILE--
<?php
require __DIR__ . '/thread_server.inc';

function make_server($report, $gate): Swoole\Http\Server {
    stream_set_read_buffer($gate, 0);
    $http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $http->set(['worker_num' => 1, 'max_request' => 3, 'max_request_grace' => 0, 'max_wait_time' => 1,
                'log_level' => SWOOLE_LOG_NONE]);
    $http->on('workerStart', function ($s, $id) use ($report) {
        fwrite($report, "workerStart $id " . Swoole\Thread::getNativeId() . "\n");
    });
    $http->on('request', function ($req, $resp) use ($http, $report, $gate) {
        $uri = $req->server['request_uri'];
        if ($uri === '/reload') $http->reload();
        if ($uri === '/stuck') {
            fwrite($report, "stuck\n");
            fread($gate, 1);
        }
        $resp->end(Swoole\Thread::getNativeId());
    });
    return $http;
}

if (($args = Swoole\Thread::getArguments()) !== null) {
    make_server(...$args)->start();
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
    $http->start();
    exit(0);
}
fclose($report);
fclose($gate);
stream_set_timeout($events, 20);
$port = (int)wait_event($events, 'start')[1];
$thread = (int)wait_event($events, 'workerStart')[2];
// max_request 3: three requests, then a new thread.
$answers = [];
for ($i = 0; $i < 3; $i++) $answers[] = (int)http_body(http_send($port, '/'));
$next = (int)wait_event($events, 'workerStart')[2];
echo "max_request: 3 answers from the first thread: ", var_export($answers === [$thread, $thread, $thread], true),
    ", then a new thread: ", var_export($next !== $thread, true), "\n";
$answered = (int)http_body(http_send($port, '/'));
echo "the new thread answers: ", var_export($answered === $next, true), "\n";
// reload() from the worker: answered, then the thread is replaced.
$by = (int)http_body(http_send($port, '/reload'));
$after = (int)wait_event($events, 'workerStart')[2];
echo "reload: answered by the serving thread: ", var_export($by === $next, true), ", replaced: ",
    var_export($after !== $next, true), "\n";
// A thread stuck in its callback: the reload gives up on it after max_wait_time (1 s).
$stuck = http_send($port, '/stuck');
wait_event($events, 'stuck');
$t = microtime(true);
posix_kill($pid, SIGUSR1);
$replacement = (int)wait_event($events, 'workerStart')[2];
$took = microtime(true) - $t;
echo "stuck: a new thread after max_wait_time (>= 0.9 s, < 2.5 s): ", var_export($took >= 0.9 && $took < 2.5, true) ?: $took,
    ", a different one: ", var_export($replacement !== $after, true), "\n";
echo "the new thread answers: ", var_export((int)http_body(http_send($port, '/')) === $replacement, true), "\n";
fwrite($open, "x");
echo "the stuck one finishes its request: ", var_export((int)http_body($stuck) === $after, true), "\n";
stop_server($pid);
?>
--EXPECT--
max_request: 3 answers from the first thread: true, then a new thread: true
the new thread answers: true
reload: answered by the serving thread: true, replaced: true
stuck: a new thread after max_wait_time (>= 0.9 s, < 2.5 s): true, a different one: true
the new thread answers: true
the stuck one finishes its request: true
server exit status: 0

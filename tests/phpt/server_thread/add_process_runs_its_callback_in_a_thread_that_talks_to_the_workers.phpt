--TEST--
SWOOLE_THREAD server with addProcess(): the user process runs as a thread of the server's process (the bootstrap script, then its Process callback, no onWorkerStart), with worker id worker_num + task_worker_num and Thread::getArguments(); from there an HTTP request reaches a worker thread, that worker's $process->write() reaches the process's read() (one pipe for every thread), sendMessage() reaches the worker's onPipeMessage (src_worker_id -1, as from a user process of a PROCESS server), and shutdown() stops the server
--EXTENSIONS--
gust
pcntl
posix
--SKIPIF--
<?php if (!PHP_ZTS) die('skip SWOOLE_THREAD needs a thread-safe PHP'); ?>
--FILE--
<?php
require __DIR__ . '/thread_server.inc';

function make_server($report, $queue): Swoole\Http\Server {
    $http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $http->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_NONE]);
    $proc = new Swoole\Process(function (Swoole\Process $proc) use ($http, $report, $queue) {
        fwrite($report, "process " . $http->getWorkerId() . " " . var_export(Swoole\Thread::getArguments() !== null, true)
            . " " . getmypid() . "\n");
        $body = http_body(http_send($http->port, '/hello'));
        fwrite($report, "http " . str_replace(' ', '_', $body) . "\n");
        fwrite($report, "pipe " . $proc->read() . "\n");
        $http->sendMessage('msg', 0);
        fwrite($report, "queue " . var_export($queue->pop(10), true) . "\n");
        $http->shutdown();
    });
    $http->addProcess($proc);
    $http->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "workerStart $id\n"); });
    $http->on('request', function ($req, $resp) use ($http, $proc) {
        $proc->write('ping');
        $resp->end('hello from worker ' . $http->getWorkerId());
    });
    $http->on('pipeMessage', function ($s, $src, $msg) use ($queue) {
        $queue->push("$msg from $src");
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
    $queue = new Swoole\Thread\Queue();
    $http = make_server($report, $queue);
    $http->set(['init_arguments' => fn() => [$report, $queue]]);
    $http->on('start', function ($s) use ($report) { fwrite($report, "start " . getmypid() . "\n"); });
    $http->on('shutdown', function ($s) use ($report) { fwrite($report, "shutdown\n"); });
    $ok = $http->start();
    fwrite($report, "returned " . var_export($ok, true) . "\n");
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
$events_seen = [];
for ($i = 0; $i < 8; $i++) {
    $e = next_event($events);
    $events_seen[$e[0]] = $e;
}
$main = $events_seen['start'][1];
[, $id, $in_thread, $process_pid] = $events_seen['process'];
echo "process: worker id $id, Thread::getArguments() given: $in_thread, same process as the main thread: ",
    var_export($process_pid === $main, true), "\n";
foreach (['workerStart', 'http', 'pipe', 'queue', 'shutdown', 'returned'] as $name) {
    echo implode(' ', $events_seen[$name] ?? [$name, 'missing']), "\n";
}
pcntl_waitpid($pid, $status);
echo "server exit status: ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
process: worker id 1, Thread::getArguments() given: true, same process as the main thread: true
workerStart 0
http hello_from_worker_0
pipe ping
queue 'msg from -1'
shutdown
returned true
server exit status: 0

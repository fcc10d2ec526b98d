--TEST--
SWOOLE_THREAD WebSocket\Server with 2 worker threads: the same port answers HTTP requests (onRequest) and WebSocket upgrades (onOpen, onMessage echoing with push(), onClose), each connection served by the worker thread that accepted it
--EXTENSIONS--
gust
pcntl
posix
--SKIPIF--
<?php if (!PHP_ZTS) die('skip SWOOLE_THREAD needs a thread-safe PHP'); ?>
--FILE--
<?php
require __DIR__ . '/thread_server.inc';

function make_server($report): Swoole\WebSocket\Server {
    $ws = new Swoole\WebSocket\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $ws->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_NONE]);
    $ws->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "workerStart $id\n"); });
    $ws->on('open', function ($s, $req) use ($report) { fwrite($report, "open {$req->fd}#{$s->getWorkerId()}\n"); });
    $ws->on('message', function ($s, $frame) { $s->push($frame->fd, "echo {$frame->data} by #" . $s->getWorkerId()); });
    $ws->on('request', function ($req, $resp) use ($ws) { $resp->end('http by #' . $ws->getWorkerId()); });
    $ws->on('close', function ($s, $fd) use ($report) { fwrite($report, "close $fd#{$s->getWorkerId()}\n"); });
    return $ws;
}

if (($args = Swoole\Thread::getArguments()) !== null) {
    make_server(...$args)->start();
    return;
}
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $ws = make_server($report);
    $ws->set(['init_arguments' => fn() => [$report]]);
    $ws->on('start', function ($s) use ($report) { fwrite($report, "start {$s->port}\n"); });
    $ws->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
$port = (int)wait_event($events, 'start')[1];
wait_event($events, 'workerStart');
wait_event($events, 'workerStart');
echo preg_replace('/#[01]$/', '#N', http_body(http_send($port, '/'))), "\n";
Co\run(function () use ($port, $events) {
    $c = new Swoole\Coroutine\Http\Client('127.0.0.1', $port);
    echo "upgrade: ", var_export($c->upgrade('/'), true), "\n";
    $fd = wait_event($events, 'open')[1];  // session ids are each worker's: "fd#worker" names one
    foreach (['one', 'two'] as $word) {
        $c->push($word);
        $frame = $c->recv(5);
        echo preg_replace('/#[01]$/', '#N', $frame->data ?? 'no frame'), "\n";
    }
    $c->close();
    while (wait_event($events, 'close')[1] !== $fd) {
        // the HTTP request's connection closed too
    }
    echo "onClose of that connection\n";
});
stop_server($pid);
?>
--EXPECT--
http by #N
upgrade: true
echo one by #N
echo two by #N
onClose of that connection
server exit status: 0

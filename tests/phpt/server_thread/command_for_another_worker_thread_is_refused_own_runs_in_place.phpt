--TEST--
SWOOLE_THREAD server, worker_num 2: command() aimed at another worker thread (or the main thread) is refused with a warning instead of running that thread's handler on the caller's thread; one aimed at the caller's own worker runs in place
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
    $http->addCommand('where', SWOOLE_SERVER_COMMAND_EVENT_WORKER | SWOOLE_SERVER_COMMAND_MASTER,
        fn($server, $data) => json_encode(['ran_in' => $server->getWorkerId()]));
    $http->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "workerStart $id\n"); });
    $http->on('request', function ($req, $resp) use ($http) {
        $own = $http->getWorkerId();
        $warnings = [];
        set_error_handler(function ($no, $str) use (&$warnings) {
            $warnings[] = $str;
            return true;
        });
        $mine = $http->command('where', $own, SWOOLE_SERVER_COMMAND_EVENT_WORKER, []);
        $other = $http->command('where', 1 - $own, SWOOLE_SERVER_COMMAND_EVENT_WORKER, []);
        $master = $http->command('where', 0, SWOOLE_SERVER_COMMAND_MASTER, []);
        restore_error_handler();
        $resp->end(json_encode(['own' => $own, 'mine' => $mine, 'other' => $other, 'master' => $master,
                                'warnings' => $warnings]));
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
// Requests until both worker threads have answered (each connection goes to one of them), bounded.
$seen = [];
for ($made = 0; count($seen) < 2 && $made < 200; $made++) {
    $body = http_body(http_send($port, '/'));
    $r = json_decode($body, true);
    if (!is_array($r)) {
        echo "bad answer: $body\n";
        break;
    }
    $seen[$r['own']] = $r;
}
ksort($seen);
foreach ($seen as $own => $r) {
    echo "worker $own: own ran in ", $r['mine']['ran_in'] ?? 'nothing', ', other: ', var_export($r['other'], true),
        ', master: ', var_export($r['master'], true), "\n";
    foreach ($r['warnings'] as $w) echo "  $w\n";
}
stop_server($pid);
?>
--EXPECTF--
worker 0: own ran in 0, other: false, master: false
  Swoole\Server::command(): command(where): a SWOOLE_THREAD server runs a command only in the calling thread; process type 8 id 1 is another thread
  Swoole\Server::command(): command(where): a SWOOLE_THREAD server runs a command only in the calling thread; process type 2 id 0 is another thread
worker 1: own ran in 1, other: false, master: false
  Swoole\Server::command(): command(where): a SWOOLE_THREAD server runs a command only in the calling thread; process type 8 id 0 is another thread
  Swoole\Server::command(): command(where): a SWOOLE_THREAD server runs a command only in the calling thread; process type 2 id 0 is another thread
server exit status: 0

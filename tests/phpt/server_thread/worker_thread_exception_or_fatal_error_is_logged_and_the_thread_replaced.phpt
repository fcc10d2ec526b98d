--TEST--
SWOOLE_THREAD: an uncaught exception (the client gets a 500) or a fatal error (the connection closes) in a worker thread's callback ends that thread's PHP request only (the error goes to the PHP error log); the main thread logs the end and starts a new thread for the worker id, which serves the next request; the process and its other worker keep serving
--EXTENSIONS--
gust
pcntl
posix
--SKIPIF--
<?php if (!PHP_ZTS) die('skip SWOOLE_THREAD needs a thread-safe PHP'); ?>
--INI--
display_errors=0
log_errors=1
--FILE--
<?php
require __DIR__ . '/thread_server.inc';
$dir = sys_get_temp_dir() . '/gust-thread-fault-' . getmypid();

function make_server($report, string $dir): Swoole\Http\Server {
    ini_set('error_log', "$dir/php-errors.log");
    $http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $http->set(['worker_num' => 2, 'log_file' => "$dir/server.log", 'log_level' => SWOOLE_LOG_WARNING]);
    $http->on('workerStart', function ($s, $id) use ($report) {
        fwrite($report, "workerStart $id " . Swoole\Thread::getNativeId() . "\n");
    });
    $http->on('request', function ($req, $resp) use ($http) {
        if ($req->server['request_uri'] === '/throw') throw new RuntimeException('thrown in a worker thread');
        if ($req->server['request_uri'] === '/fatal') trigger_error('fatal in a worker thread', E_USER_ERROR);
        $resp->end('ok from ' . Swoole\Thread::getNativeId());
    });
    return $http;
}

if (($args = Swoole\Thread::getArguments()) !== null) {
    make_server(...$args)->start();
    return;
}
mkdir($dir);
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $http = make_server($report, $dir);
    $http->set(['init_arguments' => fn() => [$report, $dir]]);
    $http->on('start', function ($s) use ($report) { fwrite($report, "start {$s->port}\n"); });
    $http->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
$port = (int)wait_event($events, 'start')[1];
$threads = [];
while (count($threads) < 2) {
    $e = wait_event($events, 'workerStart');
    $threads[(int)$e[1]] = (int)$e[2];
}
foreach (['/throw', '/fatal'] as $path) {
    $c = http_send($port, $path);
    $answer = stream_get_contents($c);  // the connection goes with its thread
    $e = wait_event($events, 'workerStart');
    $id = (int)$e[1];
    $status = $answer === '' ? 'closed' : substr($answer, 0, strpos($answer, "\r\n"));
    echo "$path: $status; the worker started again in a new thread: ",
        var_export((int)$e[2] !== $threads[$id], true), "\n";
    $threads[$id] = (int)$e[2];
}
// Both threads serve (the kernel picks which accepts: ask until each has answered once).
$seen = [];
for ($i = 0; $i < 500 && count($seen) < 2; $i++) {
    $body = http_body(http_send($port, '/ok'));
    $seen[(int)substr($body, 8)] = true;
}
sort($threads);
$seen = array_keys($seen);
sort($seen);
echo "the current threads answer: ", var_export($seen === $threads, true), "\n";
stop_server($pid);
$errors = file_get_contents("$dir/php-errors.log");
echo "error log: exception ", var_export(str_contains($errors, 'Uncaught RuntimeException: thrown in a worker thread'), true),
    ", fatal ", var_export(str_contains($errors, 'PHP Fatal error:  fatal in a worker thread'), true), "\n";
$log = file_get_contents("$dir/server.log");
echo "server log: ", preg_match_all('/worker thread #\d ended with exit status 255; starting it again/', $log), " ends\n";
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
/throw: HTTP/1.1 500 Internal Server Error; the worker started again in a new thread: true
/fatal: closed; the worker started again in a new thread: true
the current threads answer: true
server exit status: 0
error log: exception true, fatal true
server log: 2 ends

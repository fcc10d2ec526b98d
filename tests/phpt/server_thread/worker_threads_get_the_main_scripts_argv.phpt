--TEST--
SWOOLE_THREAD server: worker threads (and a Swoole\Thread they start) see the main script's $argv and $argc, as Swoole gives every thread
--EXTENSIONS--
gust
pcntl
posix
--SKIPIF--
<?php if (!PHP_ZTS) die('skip SWOOLE_THREAD needs a thread-safe PHP'); ?>
--ARGS--
alpha "beta gamma"
--FILE--
<?php
require __DIR__ . '/thread_server.inc';

$args = Swoole\Thread::getArguments();
if ($args !== null && $args[0] === 'nested') {
    fwrite($args[1], "nested " . json_encode([$argc, array_slice($argv, 1)]) . "\n");
    return;
}

function make_server($report): Swoole\Server {
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_THREAD);
    $server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_NONE]);
    $server->on('receive', function () {});
    $server->on('workerStart', function ($s, $id) use ($report) {
        global $argc, $argv;
        fwrite($report, "worker " . json_encode([$argc, array_slice($argv, 1), basename($argv[0]) === basename(__FILE__)]) . "\n");
        (new Swoole\Thread(__FILE__, 'nested', $report))->join();
        $s->shutdown();
    });
    return $server;
}

if ($args !== null) {
    make_server(...$args)->start();
    return;
}
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = make_server($report);
    $server->set(['init_arguments' => fn() => [$report]]);
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
echo "main ", json_encode([$argc, array_slice($argv, 1)]), "\n";
echo implode(' ', wait_event($events, 'worker')), "\n";
echo implode(' ', wait_event($events, 'nested')), "\n";
pcntl_waitpid($pid, $status);
echo "server exit status: ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
main [3,["alpha","beta gamma"]]
worker [3,["alpha","beta gamma"],true]
nested [3,["alpha","beta gamma"]]
server exit status: 0

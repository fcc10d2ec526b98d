--TEST--
SWOOLE_PROCESS: package_length_func runs in the worker a connection is handed to (never in the master's reactor threads); with a dispatch_mode whose packages pass the master, start() refuses it with a warning
--EXTENSIONS--
gust
posix
--FILE--
<?php
$refused = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
$refused->set(['worker_num' => 2, 'dispatch_mode' => 1, 'package_length_func' => fn($d) => 1]);
$refused->on('receive', function () {});
echo "dispatch_mode 1: ";
var_dump(@$refused->start());
echo error_get_last()['message'], "\n";

[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $master = getmypid();
    $server->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_WARNING,
                  'package_length_func' => function (string $data) use ($report, $master) {
                      static $told = false;
                      if (!$told) fwrite($report, "length func in a worker: " . var_export(getmypid() !== $master, true) . "\n");
                      $told = true;
                      return 1 + ord($data[0]);
                  }]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, "[" . substr($data, 1) . "]w{$s->getWorkerId()}|"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$a = stream_socket_client("tcp://127.0.0.1:$port");
$b = stream_socket_client("tcp://127.0.0.1:$port");
foreach ([$a, $b] as $c) {
    stream_set_timeout($c, 10);
    fwrite($c, "\x03abc\x02");
    fwrite($c, "de");
    $got = '';
    while (substr_count($got, '|') < 2) $got .= fread($c, 100);
    // dispatch_mode 2 keeps a connection on one worker (which one depends on the reactor thread
    // that accepted it): both packages must come back from the same worker.
    preg_match_all('/w(\d)\|/', $got, $workers);
    echo preg_replace('/w\d\|/', '|', $got), count(array_unique($workers[1])) === 1 ? " one worker" : " split: $got", "\n";
}
echo trim(fgets($events)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
dispatch_mode 1: bool(false)
Swoole\Server::start(): package_length_func on port 127.0.0.1:%d needs its connections handed to the workers in SWOOLE_PROCESS mode: dispatch_mode 2, 4 or 8, no dispatch_func, no SSL, connection_handoff on
[abc]|[de]| one worker
[abc]|[de]| one worker
length func in a worker: true
master exit status 0

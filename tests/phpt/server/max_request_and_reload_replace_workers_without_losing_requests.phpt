--TEST--
PROCESS mode: max_request replaces the worker and SIGUSR1 reloads every worker while clients keep sending; every request is answered
--EXTENSIONS--
gust
posix
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 2, 'reactor_num' => 2, 'max_request' => 40, 'max_request_grace' => 0,
                  'log_level' => SWOOLE_LOG_WARNING, 'open_eof_split' => true, 'package_eof' => "\n"]);
    fwrite($report, "port {$server->port} manager\n");
    $server->on('managerStart', function ($s) use ($report) { fwrite($report, "manager " . getmypid() . "\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) {
        if (mt_rand(0, 3) === 0) Co::sleep(0.001);  // some requests are still running when the worker is told to go
        $s->send($fd, trim($data) . ":" . getmypid() . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', fgets($events))[1];
$manager = (int)explode(' ', trim(fgets($events)))[1];
$conns = [];
for ($i = 0; $i < 4; $i++) { $conns[$i] = stream_socket_client("tcp://127.0.0.1:$port"); stream_set_timeout($conns[$i], 10); }
$answered = 0; $pids = []; $wrong = 0;
for ($round = 0; $round < 100; $round++) {
    if ($round === 50) posix_kill($manager, SIGUSR1);   // reload in the middle of the load
    foreach ($conns as $i => $c) fwrite($c, "r$round-$i\n");
    foreach ($conns as $i => $c) {
        $line = fgets($c);
        if ($line === false) { echo "request r$round-$i lost\n"; exit(1); }
        [$echo, $wpid] = explode(':', trim($line));
        if ($echo === "r$round-$i") $answered++; else $wrong++;
        $pids[$wpid] = true;
    }
}
echo "answered $answered of 400, wrong $wrong\n";
echo "workers replaced several times: ", var_export(count($pids) >= 6, true), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
answered 400 of 400, wrong 0
workers replaced several times: true
master exit status 0

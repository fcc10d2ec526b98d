--TEST--
SWOOLE_PROCESS hand-off: a connection the worker serves itself goes to the successor when max_request replaces the worker — every message answered, onConnect once, onClose once; pause()/resume() and getClientInfo() work on it in the worker
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
    $server->set(['worker_num' => 1, 'reactor_num' => 1, 'max_request' => 3, 'max_request_grace' => 0,
                  'log_level' => SWOOLE_LOG_WARNING, 'open_eof_split' => true, 'package_eof' => "\n"]);
    fwrite($report, "port {$server->port}\n");
    $server->on('connect', function ($s, $fd) use ($report) { fwrite($report, "connect $fd\n"); });
    $server->on('close', function ($s, $fd) use ($report) { fwrite($report, "close $fd\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        $data = trim($data);
        if ($data === 'pause') {
            // Served here: pause() stops reading it, resume() goes on with what waited.
            $ok = $s->pause($fd);
            Swoole\Timer::after(50, function () use ($s, $fd, $report, $ok) {
                fwrite($report, "paused " . var_export($ok, true) . " resumed " . var_export($s->resume($fd), true) . "\n");
            });
        }
        $info = $s->getClientInfo($fd);
        $s->send($fd, "$data:" . getmypid() . ":" . ($info['last_send_time'] > 0 ? 'sent-before' : 'first') . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
function ev($events) { $l = fgets($events); if ($l === false) { echo "no event\n"; exit(1); } return trim($l); }
$port = (int)explode(' ', ev($events))[1];
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
echo ev($events), "\n";
$pids = [];
$answered = 0;
for ($i = 0; $i < 10; $i++) {
    fwrite($c, "m$i\n");
    $line = fgets($c);
    if ($line === false) { echo "m$i lost\n"; break; }
    [$echo, $wpid, $seen] = explode(':', trim($line));
    if ($echo === "m$i") $answered++;
    $pids[$wpid] = true;
    if ($i === 0) echo "first answer: $seen\n";
}
echo "answered $answered of 10 by ", count($pids) >= 3 ? "three or more workers" : count($pids) . " workers", "\n";
fwrite($c, "pause\n");
echo "pause answered: ", explode(':', trim(fgets($c)))[0], "\n";
fwrite($c, "after\n");   // read once the worker resumes the connection
echo explode(':', trim(fgets($c)))[0], "\n";
echo ev($events), "\n";
fclose($c);
echo ev($events), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
connect 1
first answer: first
answered 10 of 10 by three or more workers
pause answered: pause
after
paused true resumed true
close 1
master exit status 0

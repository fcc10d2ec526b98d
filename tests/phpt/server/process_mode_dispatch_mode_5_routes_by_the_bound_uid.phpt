--TEST--
SWOOLE_PROCESS, dispatch_mode 5: a connection's packages go by fd until bind() gives it a uid, then to worker uid % worker_num, whichever worker bound it
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
    $server->set(['worker_num' => 2, 'reactor_num' => 1, 'dispatch_mode' => 5, 'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) {
        $cmd = explode(' ', $data);
        if ($cmd[0] === 'bind') { $s->send($fd, var_export($s->bind($fd, (int)$cmd[1]), true)); return; }
        if ($cmd[0] === 'quit') { $s->shutdown(); return; }
        $s->send($fd, "w{$s->getWorkerId()}");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
function ask($c, $q) { fwrite($c, $q); $r = fread($c, 100); if ($r === '' || $r === false) { echo "no reply to $q\n"; exit(1); } return $r; }
// One reactor thread: connections 1 and 2 go to workers 0 and 1 by fd.
$a = stream_socket_client("tcp://127.0.0.1:$port");
$b = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($a, 5);
stream_set_timeout($b, 5);
echo "before bind: ", ask($a, 'who'), ' ', ask($b, 'who'), "\n";
echo "bind a to uid 3 (worker 0 binds): ", ask($a, 'bind 3'), "\n";
echo "bind b to uid 4 (worker 1 binds): ", ask($b, 'bind 4'), "\n";
$wa = $wb = [];
for ($i = 0; $i < 4; $i++) { $wa[] = ask($a, "who"); $wb[] = ask($b, "who"); }
echo "after bind: a -> ", implode(',', array_unique($wa)), ", b -> ", implode(',', array_unique($wb)), "\n";
fwrite($a, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
before bind: w0 w1
bind a to uid 3 (worker 0 binds): true
bind b to uid 4 (worker 1 binds): true
after bind: a -> w1, b -> w0
exit status 0

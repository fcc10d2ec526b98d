--TEST--
SWOOLE_PROCESS: protect($fd) in any worker keeps the master's heartbeat from closing that connection (idle ones around it are closed); protect($fd, false) gives it back; an unknown fd is refused
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
    $server->set(['worker_num' => 2, 'reactor_num' => 1, 'heartbeat_check_interval' => 0.05,
                  'heartbeat_idle_time' => 0.3, 'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) {
        [$cmd, $arg] = explode(' ', $data) + [1 => ''];
        if ($cmd === 'protect') { $s->send($fd, "w{$s->getWorkerId()} " . var_export($s->protect((int)$arg), true)); return; }
        if ($cmd === 'unprotect') { $s->send($fd, var_export($s->protect((int)$arg, false), true)); return; }
        if ($cmd === 'hello') { $s->send($fd, 'hi'); return; }
        if ($cmd === 'quit') { $s->shutdown(); return; }
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
function ask($c, $q) { fwrite($c, $q); $r = fread($c, 100); if ($r === '' || $r === false) { echo "no reply to $q\n"; exit(1); } return $r; }
$open = function () use ($port) { $c = stream_socket_client("tcp://127.0.0.1:$port"); stream_set_timeout($c, 10); return $c; };
$control = $open();  // fd 1, worker 0 (fd mode, one reactor thread)
echo "protect the control connection: ", ask($control, 'protect 1'), "\n";
$kept = $open();     // fd 2, worker 1
$idle = $open();     // fd 3, worker 0
// connect() returns before the server accepted: one round trip each, so both are in the table.
ask($kept, 'hello');
ask($idle, 'hello');
echo "worker 0 protects worker 1's connection: ", ask($control, 'protect 2'), "\n";
echo "an unknown fd: ", ask($control, 'protect 99'), "\n";
echo "the idle connection is closed by the heartbeat: ", var_export(fread($idle, 10) === '', true), "\n";
$r = [$kept]; $w = $e = null;
echo "the protected one is still open two idle times later: ", var_export(stream_select($r, $w, $e, 0, 700000) === 0, true), "\n";
echo "unprotect: ", ask($control, 'unprotect 2'), "\n";
echo "then the heartbeat closes it: ", var_export(fread($kept, 10) === '', true), "\n";
fwrite($control, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
protect the control connection: w0 true
worker 0 protects worker 1's connection: w0 true
an unknown fd: w0 false
the idle connection is closed by the heartbeat: true
the protected one is still open two idle times later: true
unprotect: true
then the heartbeat closes it: true
exit status 0

--TEST--
SWOOLE_PROCESS with connection_handoff => false: every package and reply passes the master's reactor thread (dispatch_count counts them), and pause() says the worker does not serve the connection itself
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
    $server->set(['worker_num' => 1, 'reactor_num' => 1, 'log_level' => SWOOLE_LOG_WARNING,
                  'connection_handoff' => false]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        if ($data === 'pause') {
            set_error_handler(function ($no, $msg) use ($report) { fwrite($report, "warning: $msg\n"); return true; });
            $ok = $s->pause($fd);
            restore_error_handler();
            $s->send($fd, "pause " . var_export($ok, true));
            return;
        }
        $s->send($fd, "echo:$data dispatched:" . $s->stats()['dispatch_count']);
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
foreach (['one', 'two'] as $m) { fwrite($c, $m); echo fread($c, 100), "\n"; }
fwrite($c, 'pause');
echo fread($c, 100), "\n";
echo trim(fgets($events)), "\n";
fclose($c);
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
echo:one dispatched:1
echo:two dispatched:2
pause false
warning: Swoole\Server::pause(): pause() and resume() work on connections this worker serves itself (BASE mode, or PROCESS mode connections handed to it)
master exit status 0

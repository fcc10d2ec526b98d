--TEST--
SWOOLE_PROCESS: getClientInfo() in onClose describes the closing connection (close_errno 0), whether the worker served it (hand-off) or the master relayed it; afterwards it is false
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
foreach ([true, false] as $handoff) {
    [$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($events);
        $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
        $server->set(['worker_num' => 1, 'reactor_num' => 1, 'log_level' => SWOOLE_LOG_WARNING,
                      'connection_handoff' => $handoff]);
        $server->on('workerStart', function ($s) use ($report) { fwrite($report, "{$s->port}\n"); });
        $server->on('receive', function ($s, $fd, $rid, $data) {
            // The client closes ("bye") or the server does.
            if ($data === 'close') $s->close($fd); else $s->send($fd, "ok");
        });
        $server->on('close', function ($s, $fd) use ($report) {
            $info = $s->getClientInfo($fd);
            fwrite($report, is_array($info)
                ? "close: remote {$info['remote_ip']} close_errno {$info['close_errno']} port " . var_export($info['server_port'] === $s->port, true) . "\n"
                : "close: no info\n");
            Swoole\Event::defer(function () use ($s, $fd, $report) {
                fwrite($report, "after: " . var_export($s->getClientInfo($fd), true) . "\n");
            });
        });
        $server->start();
        exit(0);
    }
    fclose($report);
    stream_set_timeout($events, 10);
    $port = (int)trim(fgets($events));
    echo "hand-off ", var_export($handoff, true), "\n";
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    fwrite($c, "close");
    echo "server closed: ", var_export(fread($c, 10), true), "\n";
    echo trim(fgets($events)), "\n", trim(fgets($events)), "\n";
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    fwrite($c, "hi");
    fread($c, 10);
    fclose($c);
    echo trim(fgets($events)), "\n", trim(fgets($events)), "\n";
    posix_kill($pid, SIGTERM);
    pcntl_waitpid($pid, $status);
    echo "exit status ", pcntl_wexitstatus($status), "\n";
}
?>
--EXPECT--
hand-off true
server closed: ''
close: remote 127.0.0.1 close_errno 0 port true
after: false
close: remote 127.0.0.1 close_errno 0 port true
after: false
exit status 0
hand-off false
server closed: ''
close: remote 127.0.0.1 close_errno 0 port true
after: false
close: remote 127.0.0.1 close_errno 0 port true
after: false
exit status 0

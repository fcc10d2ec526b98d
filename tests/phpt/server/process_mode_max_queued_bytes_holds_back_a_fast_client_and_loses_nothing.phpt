--TEST--
SWOOLE_PROCESS max_queued_bytes is accepted (no "unsupported option" warning), and with it as small as it goes (64 KiB) the master holds back a client that sends 8 MiB in one go faster than the worker takes it, and every byte still arrives
--EXTENSIONS--
gust
posix
--FILE--
<?php
const TOTAL = 8 << 20;
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    set_error_handler(function ($no, $msg) use ($report) { fwrite($report, "warning: $msg\n"); return true; });
    $server->set(['worker_num' => 1, 'reactor_num' => 1, 'dispatch_mode' => 1, 'max_queued_bytes' => 1,
                  'log_level' => SWOOLE_LOG_WARNING]);
    restore_error_handler();
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        static $total = 0;
        $total += strlen($data);
        if ($total >= TOTAL) fwrite($report, "worker received $total bytes\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
$line = trim(fgets($events));
if (!str_starts_with($line, 'port ')) exit("unexpected: $line\n");
$c = stream_socket_client('tcp://127.0.0.1:' . (int)substr($line, 5));
echo "client wrote ", fwrite($c, str_repeat('x', TOTAL)), " bytes\n";
echo trim(fgets($events)), "\n";
fclose($c);
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
client wrote 8388608 bytes
worker received 8388608 bytes
master exit status 0

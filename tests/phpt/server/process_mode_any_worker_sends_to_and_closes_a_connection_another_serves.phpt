--TEST--
SWOOLE_PROCESS hand-off: a worker's send(), sendfile() and close() reach a connection handed to another worker (through the master, in order with nothing lost), and the serving worker reports its close
--EXTENSIONS--
gust
posix
--FILE--
<?php
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, "file-bytes\n");
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 2, 'reactor_num' => 1, 'log_level' => SWOOLE_LOG_WARNING,
                  'open_eof_split' => true, 'package_eof' => "\n"]);
    fwrite($report, "port {$server->port}\n");
    $server->on('close', function ($s, $fd) use ($report) { fwrite($report, "close $fd in worker {$s->getWorkerId()}\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) use ($file) {
        [$cmd, $arg] = explode(' ', trim($data)) + [1 => ''];
        $target = (int)$arg;
        $me = $s->getWorkerId();
        if ($cmd === 'who') { $s->send($fd, "w$me\n"); return; }
        if ($cmd === 'tell') {
            $ok = true;
            for ($i = 0; $i < 50; $i++) $ok = $ok && $s->send($target, "from w$me #$i\n");
            $ok = $ok && $s->sendfile($target, $file);
            $s->send($fd, "told " . var_export($ok, true) . "\n");
            return;
        }
        if ($cmd === 'close') { $s->send($fd, "closing " . var_export($s->close($target), true) . "\n"); }
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
// One reactor thread, fd dispatch: connection 1 to worker 0, connection 2 to worker 1.
$a = stream_socket_client("tcp://127.0.0.1:$port");
$b = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($a, 10);
stream_set_timeout($b, 10);
fwrite($a, "who\n"); echo "a: ", fgets($a);
fwrite($b, "who\n"); echo "b: ", fgets($b);
fwrite($b, "tell 1\n");
echo "b: ", fgets($b);
$in_order = true;
for ($i = 0; $i < 50; $i++) $in_order = $in_order && fgets($a) === "from w1 #$i\n";
echo "a got 50 sends of worker 1 in order: ", var_export($in_order, true), "\n";
echo "a: ", fgets($a);
fwrite($b, "close 1\n");
echo "b: ", fgets($b);
echo "a closed: ", var_export(fread($a, 10) === '' && feof($a), true), "\n";
echo trim(fgets($events)), "\n";
fclose($b);
echo trim(fgets($events)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
unlink($file);
?>
--EXPECT--
a: w0
b: w1
b: told true
a got 50 sends of worker 1 in order: true
a: file-bytes
b: closing true
a closed: true
close 1 in worker 0
close 2 in worker 1
master exit status 0

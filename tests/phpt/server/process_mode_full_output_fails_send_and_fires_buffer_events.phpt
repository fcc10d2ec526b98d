--TEST--
SWOOLE_PROCESS: a client that does not read makes the worker's send() fail once socket_buffer_size is outstanding (SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW, bufferFull), nothing is dropped, and bufferEmpty fires in the worker once the client has read it all
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
    $server->set(['worker_num' => 1, 'reactor_num' => 2, 'socket_buffer_size' => 256 * 1024,
                  'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        if ($data === 'quit') { $s->shutdown(); return; }
        $chunk = str_repeat('x', 64 * 1024);
        $sent = 0;
        // The loop yields between sends, so the master's acknowledgements of what reached the
        // socket come in: the send fails because the client does not read, not because the
        // worker never listened. Bounded: far more than any loopback socket buffers hold.
        for ($i = 0; $i < 2000; $i++) {
            if (!$s->send($fd, $chunk)) break;
            $sent += strlen($chunk);
            Co::sleep(0.001);
        }
        fwrite($report, "failed " . var_export($i < 2000 && $sent > 256 * 1024, true) .
            " error " . $s->getLastError() . " sent $sent\n");
    });
    $server->on('bufferFull', function ($s, $fd) use ($report) { fwrite($report, "bufferFull\n"); });
    $server->on('bufferEmpty', function ($s, $fd) use ($report) {
        fwrite($report, "bufferEmpty send_ok " . var_export($s->send($fd, 'tail'), true) . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
function ev($events) { $l = fgets($events); if ($l === false) { echo "no event\n"; exit(1); } return explode(' ', trim($l)); }
$port = (int)ev($events)[1];
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
fwrite($c, 'go');
echo implode(' ', ev($events)), "\n";  // bufferFull
$e = ev($events);
echo "send failed after socket buffers filled: $e[1], error: $e[3]\n";
$sent = (int)$e[5];
$got = 0;
$bad = 0;
while ($got < $sent + 4) {
    $r = fread($c, 1 << 20);
    if ($r === '' || $r === false) break;
    $got += strlen($r);
    $bad += strlen($r) - substr_count($r, 'x');
}
echo "client read all that was accepted, nothing dropped: ", var_export($got === $sent + 4 && $bad === 4, true), "\n";
echo implode(' ', ev($events)), "\n";  // bufferEmpty
fwrite($c, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
bufferFull
send failed after socket buffers filled: true, error: 1009
client read all that was accepted, nothing dropped: true
bufferEmpty send_ok true
exit status 0

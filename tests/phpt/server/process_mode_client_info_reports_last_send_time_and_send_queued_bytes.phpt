--TEST--
SWOOLE_PROCESS: getClientInfo() in any worker reports last_send_time and send_queued_bytes of a connection, as the process serving it writes to it (the master's reactor thread, or the worker it was handed to) (0 before anything was sent; bytes queued while the client does not read; 0 again once it did)
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
    $server->set(['worker_num' => 2, 'reactor_num' => 1, 'log_level' => SWOOLE_LOG_WARNING,
                  'buffer_output_size' => 32 << 20, 'socket_buffer_size' => 32 << 20]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) {
        [$cmd, $arg] = explode(' ', $data) + [1 => ''];
        if ($cmd === 'hello') { $s->send($fd, 'hi'); return; }
        if ($cmd === 'flood') { $s->send($fd, str_repeat('x', 16 << 20)); return; }
        if ($cmd === 'info') {
            $i = $s->getClientInfo((int)$arg);
            $s->send($fd, json_encode(['last_send_time' => $i['last_send_time'], 'send_queued_bytes' => $i['send_queued_bytes'],
                                       'last_time' => $i['last_time'], 'connect_time' => $i['connect_time'], 'now' => microtime(true)]));
            return;
        }
        if ($cmd === 'quit') $s->shutdown();
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
function ask($c, $q) { fwrite($c, $q); $r = fread($c, 1000); if ($r === '' || $r === false) { echo "no reply to $q\n"; exit(1); } return $r; }
function info($c, $fd) { return json_decode(ask($c, "info $fd"), true); }
$open = function () use ($port) { $c = stream_socket_client("tcp://127.0.0.1:$port"); stream_set_timeout($c, 10); return $c; };
$a = $open();  // fd 1, worker 0
$b = $open();  // fd 2, worker 1: asks about fd 1
$i = info($b, 1);
echo "nothing sent yet: last_send_time ", $i['last_send_time'], ", send_queued_bytes ", $i['send_queued_bytes'], "\n";
ask($a, 'hello');
// The master's thread publishes the time just after its write, so the reply can arrive (and the
// question reach worker 1) a moment before it: asked until it shows (bounded).
for ($n = 0, $t = microtime(true); $n < 10000 && microtime(true) - $t < 10 && ($i = info($b, 1))['last_send_time'] == 0; $n++);
echo "after a reply: last_send_time recent ", var_export($i['last_send_time'] > $i['now'] - 60 && $i['last_send_time'] <= $i['now'] + 1, true),
    ", queued ", $i['send_queued_bytes'], ", last_time counts it ", var_export($i['last_time'] >= (int)$i['last_send_time'], true), "\n";
$first = $i['last_send_time'];
fwrite($a, 'flood');  // 16 MiB that $a does not read yet
// Asked until it shows (bounded in count and time: worker 0 may still be building the 16 MiB).
for ($n = 0, $t = microtime(true); $n < 10000 && microtime(true) - $t < 10 && ($i = info($b, 1))['send_queued_bytes'] === 0; $n++);
echo "while the client does not read, bytes wait in the server: ", var_export($i['send_queued_bytes'] > 0, true), "\n";
$got = 0;
while ($got < 16 << 20 && ($d = fread($a, 1 << 16)) !== false && $d !== '') $got += strlen($d);
echo "read ", $got, " bytes\n";
for ($n = 0, $t = microtime(true); $n < 10000 && microtime(true) - $t < 10 && ($i = info($b, 1))['send_queued_bytes'] !== 0; $n++);
echo "once it did: queued ", $i['send_queued_bytes'], ", last_send_time moved on ", var_export($i['last_send_time'] > $first, true), "\n";
fwrite($b, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
nothing sent yet: last_send_time 0, send_queued_bytes 0
after a reply: last_send_time recent true, queued 0, last_time counts it true
while the client does not read, bytes wait in the server: true
read 16777216 bytes
once it did: queued 0, last_send_time moved on true
exit status 0

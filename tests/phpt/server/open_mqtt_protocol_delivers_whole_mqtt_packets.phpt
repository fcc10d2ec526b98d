--TEST--
open_mqtt_protocol: onReceive gets one whole MQTT control packet at a time, however the bytes arrive (pieces, several in one write, a four-byte Remaining Length); one over package_max_length ends the connection
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$log = tempnam(sys_get_temp_dir(), 'gust-mqtt');
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 1, 'open_mqtt_protocol' => true, 'package_max_length' => 5 * 1024 * 1024,
                  'log_file' => $log, 'log_level' => SWOOLE_LOG_WARNING]);
    $server->on('workerStart', function ($s) use ($report) { fwrite($report, "{$s->port}\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) {
        $s->send($fd, sprintf("type %d, %d bytes\n", ord($data[0]) >> 4, strlen($data)));
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)trim(fgets($events));
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
// PINGREQ in two writes (tests/unit/proto/framing_test.cc splits packets at every byte).
fwrite($c, "\xc0");
fwrite($c, "\x00");
echo fgets($c);
// Two PUBLISH packets in one write.
fwrite($c, "\x30\x03abc" . "\x30\x01z");
echo fgets($c), fgets($c);
// 4 MiB + 64 bytes of body: the Remaining Length takes four bytes.
fwrite($c, "\x30\xc0\x80\x80\x02" . str_repeat('y', 4 * 1024 * 1024 + 64));
echo fgets($c);
// Past package_max_length: the connection ends.
fwrite($c, "\x30\x80\x80\x80\x03");
echo "after an oversized one: ", var_export(@fgets($c), true), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
@unlink($log);
?>
--EXPECT--
type 12, 2 bytes
type 3, 5 bytes
type 3, 3 bytes
type 3, 4194373 bytes
after an oversized one: false
exit status 0

--TEST--
SWOOLE_PROCESS, dispatch_func: called in the master for the connect (type 5), each package (type 0, at most its first 8 KiB) and the close (type 4) of a connection, in order; its answer picks the worker of each
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$decide = function ($server, $fd, $type, $data) use (&$report) {
    fwrite($report, "ask $fd $type " . strlen($data) . ' ' . get_class($server) . "\n");
    if ($type === 5) return 1;
    if ($type === 4) return 0;
    return (int)$data[0];  // the worker a package names
};
require __DIR__ . '/dispatch_func.inc';
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
// One write: the packages wait for their answers one after the other.
fwrite($c, "0a\n1b\n" . str_repeat('1', 10000) . "\n0d\n");
$replies = [];
for ($i = 0; $i < 4; $i++) $replies[] = trim(fgets($c));
sort($replies);
echo "replies: ", implode(' | ', $replies), "\n";
fclose($c);
$lines = until($events, 'close 1 w0');
echo "master:\n  ", implode("\n  ", of($lines, 'ask')), "\n";
echo "worker 1:\n  ", implode("\n  ", array_filter($lines, fn($l) => str_contains($l, ' w1'))), "\n";
echo "worker 0:\n  ", implode("\n  ", array_filter($lines, fn($l) => str_contains($l, ' w0'))), "\n";
$q = stream_socket_client("tcp://127.0.0.1:$port");
fwrite($q, "0quit\n");
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), ", log: ", trim(file_get_contents($log)) === '' ? 'empty' : file_get_contents($log), "\n";
unlink($log);
?>
--EXPECT--
replies: w0 0a | w0 0d | w1 10000 bytes | w1 1b
master:
  ask 1 5 0 Swoole\Server
  ask 1 0 3 Swoole\Server
  ask 1 0 3 Swoole\Server
  ask 1 0 8192 Swoole\Server
  ask 1 0 3 Swoole\Server
  ask 1 4 0 Swoole\Server
worker 1:
  connect 1 w1
  receive 1 w1 1b
  receive 1 w1 10000 bytes
worker 0:
  receive 1 w0 0a
  receive 1 w0 0d
  close 1 w0
exit status 0, log: empty

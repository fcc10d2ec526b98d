--TEST--
SWOOLE_PROCESS, dispatch_func answering out of range (a worker that does not exist, a negative number, no int at all, an int too large): each is logged and the event goes to the connection's worker by fd; nothing is dropped
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$decide = function ($server, $fd, $type, $data) {
    if ($type === 5) return 99;    // there are 2 workers
    if ($type === 4) return -5;
    return match (trim($data)) {
        'none' => null,
        'text' => "1",
        'huge' => PHP_INT_MAX,
        'neg' => -7,
        default => 0,
    };
};
require __DIR__ . '/dispatch_func.inc';
$c = stream_socket_client("tcp://127.0.0.1:$port");  // fd 1: worker 0 by fd
stream_set_timeout($c, 10);
foreach (['none', 'text', 'huge', 'neg', 'fine'] as $q) echo "$q -> ", ask($c, $q), "\n";
fclose($c);
$lines = until($events, 'close 1 w0');
echo "connect: ", implode(',', of($lines, 'connect')), "\n";
$q = stream_socket_client("tcp://127.0.0.1:$port");
fwrite($q, "quit\n");
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
$logged = file_get_contents($log);
unlink($log);
foreach (['returned 99 for the connect of connection 1', 'returned null for the data of connection 1',
          'returned string for the data of connection 1', 'returned ' . PHP_INT_MAX . ' for the data of connection 1',
          'returned -7 for the data of connection 1', 'returned -5 for the close of connection 1'] as $want) {
    echo "logged '$want': ", var_export(str_contains($logged, "dispatch_func $want"), true), "\n";
}
echo "nothing logged for 'fine' (six lines about connection 1): ", var_export(substr_count($logged, 'of connection 1,') === 6, true), "\n";
?>
--EXPECT--
none -> w0 none
text -> w0 text
huge -> w0 huge
neg -> w0 neg
fine -> w0 fine
connect: connect 1 w0
exit status 0
logged 'returned 99 for the connect of connection 1': true
logged 'returned null for the data of connection 1': true
logged 'returned string for the data of connection 1': true
logged 'returned 9223372036854775807 for the data of connection 1': true
logged 'returned -7 for the data of connection 1': true
logged 'returned -5 for the close of connection 1': true
nothing logged for 'fine' (six lines about connection 1): true

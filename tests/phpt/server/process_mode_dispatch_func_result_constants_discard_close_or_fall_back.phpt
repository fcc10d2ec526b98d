--TEST--
SWOOLE_PROCESS, dispatch_func answering SWOOLE_DISPATCH_RESULT_*: DISCARD_PACKET drops a package (or the onConnect), CLOSE_CONNECTION closes the connection, USERFUNC_FALLBACK lets dispatch_mode choose
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$dispatch_mode = SWOOLE_DISPATCH_ROUND;
$decide = function ($server, $fd, $type, $data) {
    if ($type === 5) return SWOOLE_DISPATCH_RESULT_DISCARD_PACKET;  // no onConnect
    return match (trim($data)) {
        'drop' => SWOOLE_DISPATCH_RESULT_DISCARD_PACKET,
        'bye' => SWOOLE_DISPATCH_RESULT_CLOSE_CONNECTION,
        default => SWOOLE_DISPATCH_RESULT_USERFUNC_FALLBACK,
    };
};
require __DIR__ . '/dispatch_func.inc';
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
fwrite($c, "drop\n");
$workers = [];
for ($i = 0; $i < 6; $i++) $workers[explode(' ', ask($c, "who$i"))[0]] = true;
ksort($workers);
echo "falling back to dispatch_mode 1, both workers answer: ", implode(',', array_keys($workers)), "\n";
fwrite($c, "bye\n");
echo "closed by the server: ", var_export(fread($c, 100) === '', true), "\n";
$lines = until($events, 'close 1 w0');  // the close falls back to the connection's worker by fd
echo "onConnect: ", count(of($lines, 'connect')), ", received 'drop' or 'bye': ",
    count(array_filter($lines, fn($l) => preg_match('/ (drop|bye)$/', $l))), "\n";
$q = stream_socket_client("tcp://127.0.0.1:$port");
fwrite($q, "quit\n");
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
unlink($log);
?>
--EXPECT--
falling back to dispatch_mode 1, both workers answer: w0,w1
closed by the server: true
onConnect: 0, received 'drop' or 'bye': 0
exit status 0

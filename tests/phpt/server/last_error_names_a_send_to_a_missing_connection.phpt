--TEST--
Swoole\Server calls on a missing connection record SESSION_NOT_EXIST: getLastError() and swoole_last_error() agree, and swoole_strerror() names it; a send before start records WRONG_OPERATION
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
function last(): string { $e = swoole_last_error(); return "$e " . swoole_strerror($e); }
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_NONE]);
swoole_clear_error();
var_dump(@$server->send(1, 'x'), $server->getLastError() === swoole_last_error());
echo last(), "\n";
$server->on('workerStart', function ($s) {
    swoole_clear_error();
    var_dump($s->send(99, 'x'), $s->getLastError(), swoole_last_error() === SWOOLE_ERROR_SESSION_NOT_EXIST);
    echo last(), "\n";
    swoole_clear_error();
    var_dump($s->close(98), $s->getLastError() === swoole_last_error());
    echo last(), "\n";
    $s->shutdown();
});
$server->on('receive', function () {});
$server->start();
?>
--EXPECT--
bool(false)
bool(true)
509 operation not allowed in this state
bool(false)
int(1005)
bool(true)
1005 no such connection
bool(false)
bool(true)
1005 no such connection

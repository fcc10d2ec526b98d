--TEST--
Swoole\Event and Swoole\Timer calls that are refused record Swoole's code: an fd added twice (EVENT_ADD_FAILED), removing or changing an fd not in the loop (EVENT_REMOVE_FAILED, EVENT_UPDATE_FAILED), a timer under 1 ms (INVALID_PARAMS); swoole_strerror(swoole_last_error()) names each
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
function last(): string { $e = swoole_last_error(); return "$e " . swoole_strerror($e); }
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
var_dump(Swoole\Event::add($a, function () {}) > 0);
swoole_clear_error();
var_dump(@Swoole\Event::add($a, function () {}), swoole_last_error() === SWOOLE_ERROR_EVENT_ADD_FAILED);
echo last(), "\n";
var_dump(Swoole\Event::del($a), Swoole\Event::del($a), swoole_last_error() === SWOOLE_ERROR_EVENT_REMOVE_FAILED);
echo last(), "\n";
var_dump(@Swoole\Event::set($b, function () {}), swoole_last_error() === SWOOLE_ERROR_EVENT_UPDATE_FAILED);
echo last(), "\n";
var_dump(@Swoole\Timer::after(0, function () {}), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);
echo last(), "\n";
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
801 cannot add the fd to the event loop
bool(true)
bool(false)
bool(true)
800 cannot remove the fd from the event loop
bool(false)
bool(true)
802 cannot change the fd's events in the event loop
bool(false)
bool(true)
505 invalid arguments

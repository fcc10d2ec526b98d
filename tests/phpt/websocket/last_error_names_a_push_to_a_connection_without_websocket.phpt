--TEST--
WebSocket\Server::push() and disconnect() to a connection that is not an open WebSocket record WEBSOCKET_UNCONNECTED, a bad opcode WEBSOCKET_BAD_OPCODE: getLastError() and swoole_last_error() agree and swoole_strerror() names them (error codes, not close codes)
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
function last(): string { $e = swoole_last_error(); return "$e " . swoole_strerror($e); }
ws_test(function ($s, $frame) {}, function ($port, $s) {
    swoole_clear_error();
    var_dump(@$s->push(99, 'x'), $s->getLastError() === swoole_last_error());
    echo last(), "\n";
    swoole_clear_error();
    var_dump($s->disconnect(99), swoole_last_error() === SWOOLE_ERROR_WEBSOCKET_UNCONNECTED);
    $c = ws_connect($port);
    swoole_clear_error();
    var_dump(@$s->push(1, 'x', 3), $s->getLastError() === SWOOLE_ERROR_WEBSOCKET_BAD_OPCODE);
    echo last(), "\n";
    fclose($c);
});
?>
--EXPECT--
bool(false)
bool(true)
8503 no open WebSocket on this connection
bool(false)
bool(true)
bool(false)
bool(true)
8502 unsupported WebSocket opcode

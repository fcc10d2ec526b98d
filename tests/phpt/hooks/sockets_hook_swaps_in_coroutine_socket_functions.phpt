--TEST--
SWOOLE_HOOK_SOCKETS swaps the sockets functions for ones on Coroutine\Socket while the flag is on (pairs, non-blocking mode, errors, by-reference results, imported streams); PHP's are back when it goes off
--EXTENSIONS--
gust
sockets
--FILE--
<?php
use Swoole\Runtime;

Runtime::setHookFlags(SWOOLE_HOOK_SOCKETS);
Co\run(function () {
    var_dump(socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair), get_class($pair[0]), get_class($pair[1]));
    [$a, $b] = $pair;
    // Non-blocking: a read with nothing there fails at once with ETIMEDOUT; blocking again waits.
    var_dump(socket_set_nonblock($a), socket_recv($a, $buf, 10, 0), socket_last_error($a) === SOCKET_ETIMEDOUT);
    var_dump(socket_set_block($a));
    go(function () use ($b) {
        socket_write($b, "later");
        socket_shutdown($b, 1);
    });
    var_dump(socket_recv($a, $buf, 10, 0), $buf);
    var_dump(socket_recv($a, $buf, 10, 0), $buf);  // the end of the stream: 0 and null
    socket_close($a);
    socket_close($b);
    var_dump(socket_set_block($a));  // closed

    // Errors: on the socket and in the extension's last error; clearing one leaves the other.
    $s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    var_dump(socket_connect($s, "127.0.0.1", 1));
    var_dump(socket_last_error() === SOCKET_ECONNREFUSED, socket_last_error($s) === SOCKET_ECONNREFUSED);
    socket_clear_error();
    var_dump(socket_last_error(), socket_last_error($s) === SOCKET_ECONNREFUSED);
    socket_clear_error($s);
    var_dump(socket_last_error($s));
    try {
        socket_connect($s);
    } catch (ArgumentCountError $e) {
        echo $e->getMessage(), "\n";
    }
    var_dump(socket_connect($s, "127.0.0.1"));

    // UDP with by-reference results; a datagram longer than the length asked for is cut.
    $srv = socket_create(AF_INET, SOCK_DGRAM, SOL_UDP);
    var_dump(socket_bind($srv, "127.0.0.1", 0), socket_getsockname($srv, $addr, $port), $addr);
    $cl = socket_create(AF_INET, SOCK_DGRAM, SOL_UDP);
    var_dump(socket_sendto($cl, "datagram", 8, 0, $addr, $port));
    var_dump(socket_recvfrom($srv, $data, 4, 0, $from, $from_port), $data, $from);
    socket_getsockname($cl, $cl_addr, $cl_port);
    var_dump($from_port === $cl_port);

    // An imported stream: socket_close() closes the stream too, so its peer sees the end.
    [$s0, $s1] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    $imported = socket_import_stream($s0);
    var_dump(get_class($imported), socket_write($imported, "via import"));
    socket_close($imported);
    var_dump(stream_get_contents($s1));

    // The flag off: PHP's functions and Socket objects again; a Coroutine\Socket is refused.
    Runtime::setHookFlags(0);
    $php = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    var_dump(get_class($php));
    socket_close($php);
    try {
        socket_close($cl);
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
    Runtime::setHookFlags(SWOOLE_HOOK_SOCKETS);
    var_dump(get_class(socket_create(AF_INET, SOCK_STREAM, SOL_TCP)));
    var_dump(get_class(call_user_func_array('socket_create', [AF_INET, SOCK_STREAM, SOL_TCP])));
});
// Outside coroutines the makers are PHP's.
var_dump(get_class(socket_create(AF_INET, SOCK_STREAM, SOL_TCP)));
?>
--EXPECTF--
bool(true)
string(23) "Swoole\Coroutine\Socket"
string(23) "Swoole\Coroutine\Socket"
bool(true)
bool(false)
bool(true)
bool(true)
int(5)
string(5) "later"
int(0)
NULL
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
bool(true)
int(0)
Too few arguments to function swoole_socket_connect(), 1 passed and at least 2 expected

Warning: Swoole\Coroutine\Socket::connect(): Invalid port argument[0] in %s on line %d
bool(false)
bool(true)
bool(true)
string(9) "127.0.0.1"
int(8)
int(4)
string(4) "data"
string(9) "127.0.0.1"
bool(true)
string(23) "Swoole\Coroutine\Socket"
int(10)
string(10) "via import"
string(6) "Socket"
socket_close(): Argument #1 ($socket) must be of type Socket, Swoole\Coroutine\Socket given
string(23) "Swoole\Coroutine\Socket"
string(23) "Swoole\Coroutine\Socket"
string(6) "Socket"

--TEST--
Coroutine\Socket bad input: a bad domain throws Coroutine\Socket\Exception; bad addresses and ports give false with SOCKET_EINVAL (I/O outside a coroutine is fatal: coroutine/api_outside_coroutine_is_a_fatal_error_catch_cannot_take); refused connection; a closed socket answers SOCKET_EBADF
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Socket;
try {
    new Socket(12345, SOCK_STREAM);
} catch (Socket\Exception $e) {
    echo get_class($e), " ", $e->getCode() > 0 ? "code" : "nocode", "\n";
    var_dump($e instanceof Swoole\Exception);
}
$s = new Socket(AF_INET, SOCK_STREAM);
var_dump($s->bind('::1', 80), $s->errCode === SOCKET_EINVAL);
var_dump($s->bind('127.0.0.1', 70000), $s->errCode === SOCKET_EINVAL);
Co\run(function () {
    $l = new Socket(AF_INET, SOCK_STREAM);
    $l->bind('127.0.0.1', 0);
    $port = $l->getsockname()['port'];
    $l->close();  // nobody listens there now
    $c = new Socket(AF_INET, SOCK_STREAM);
    var_dump($c->connect('127.0.0.1', $port, 1), $c->errCode === SOCKET_ECONNREFUSED, $c->errMsg);
    $c2 = new Socket(AF_INET, SOCK_STREAM);
    var_dump($c2->connect('127.0.0.1', 0), $c2->errCode === SOCKET_EINVAL);  // warns, as Swoole does
    $c2->close();
    var_dump($c2->connect('127.0.0.1', $port), $c2->errCode === SOCKET_EBADF);
    var_dump($c2->getsockname(), $c2->setOption(SOL_SOCKET, SO_REUSEADDR, 1), $c2->peek(), $c2->checkLiveness());
    var_dump(@$c->setOption(SOL_SOCKET, SO_RCVTIMEO, 5), @$c->setOption(SOL_SOCKET, SO_RCVTIMEO, ['sec' => 1]));
    var_dump($c->setOption(SOL_SOCKET, SO_REUSEADDR, 1), $c->getOption(SOL_SOCKET, SO_REUSEADDR) !== 0);
});
?>
--EXPECTF--
Swoole\Coroutine\Socket\Exception code
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
string(18) "Connection refused"

Warning: Swoole\Coroutine\Socket::connect(): Invalid port argument[0] in %s on line %d
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)

--TEST--
A failed Coroutine\Http\Client request sets errCode and swoole_last_error() to the same code, and errMsg is swoole_strerror() of it; the get() function throws a Swoole\Exception subclass whose code is that last error
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
Co\run(function () {
    $port = closed_port();
    swoole_clear_error();
    $c = new Client('127.0.0.1', $port);
    var_dump($c->get('/'), $c->errCode, swoole_last_error() === $c->errCode, $c->errMsg === swoole_strerror($c->errCode));
    echo swoole_strerror(swoole_last_error()), "\n";

    swoole_clear_error();
    try {
        Swoole\Coroutine\Http\get("http://127.0.0.1:$port/");
    } catch (Swoole\Exception $e) {
        echo get_class($e), ' ', $e->getCode(), ' last=', swoole_last_error(), ' ', $e->getMessage(), "\n";
    }
});
?>
--EXPECT--
bool(false)
int(111)
bool(true)
bool(true)
Connection refused
Swoole\Coroutine\Http\Client\Exception 111 last=111 Connection refused

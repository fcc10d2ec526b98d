--TEST--
SWOOLE_THREAD on a PHP that is not thread-safe: Server, Http\Server and WebSocket\Server refuse the mode at construction with a Swoole\Exception saying why (as Swoole refuses a mode it lacks), binding nothing; the process goes on and other modes still work
--EXTENSIONS--
gust
--SKIPIF--
<?php if (PHP_ZTS) die('skip this PHP is thread-safe (tests/phpt/server/thread_mode_on_zts_php_is_refused_until_implemented.phpt)'); ?>
--FILE--
<?php
var_dump(SWOOLE_THREAD);
foreach ([Swoole\Server::class, Swoole\Http\Server::class, Swoole\WebSocket\Server::class] as $class) {
    try {
        new $class('127.0.0.1', 0, SWOOLE_THREAD);
        echo "$class: constructed\n";
    } catch (Swoole\Exception $e) {
        echo $class, ': ', get_class($e), ' (', $e->getCode(), ') ', $e->getMessage(), "\n";
    }
}
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
echo 'BASE server on port > 0: ', var_export($server->port > 0, true), "\n";
?>
--EXPECT--
int(3)
Swoole\Server: Swoole\Exception (22) invalid server mode [3]: SWOOLE_THREAD needs a thread-safe (ZTS) PHP, and this PHP is not thread-safe
Swoole\Http\Server: Swoole\Exception (22) invalid server mode [3]: SWOOLE_THREAD needs a thread-safe (ZTS) PHP, and this PHP is not thread-safe
Swoole\WebSocket\Server: Swoole\Exception (22) invalid server mode [3]: SWOOLE_THREAD needs a thread-safe (ZTS) PHP, and this PHP is not thread-safe
BASE server on port > 0: true

--TEST--
Co::set() stores socket timeouts, aio_worker_num and exit_condition (checked between loop iterations: true ends Co\run); bad values are refused
--EXTENSIONS--
gust
--FILE--
<?php
$stop = false;
Co::set(['socket_timeout' => 3, 'socket_connect_timeout' => 0.5, 'aio_worker_num' => 2,
         'exit_condition' => function () use (&$stop) { return $stop; }]);
$o = Co::getOptions();
var_dump($o['socket_read_timeout'], $o['socket_write_timeout'], $o['socket_connect_timeout'], $o['aio_worker_num'], is_callable($o['exit_condition']));
Co\run(function () use (&$stop) {
    go(function () { Co::sleep(30); echo "never\n"; });   // would keep the loop alive for 30 s
    go(function () use (&$stop) { Co::sleep(0.01); $stop = true; echo "stop requested\n"; });
});
echo "run returned\n";
try { Co::set(['aio_worker_num' => 0]); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
try { Co::set(['exit_condition' => 'no_such_function']); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
Co::set(['exit_condition' => null]);
var_dump(isset(Co::getOptions()['exit_condition']));
?>
--EXPECT--
float(3)
float(3)
float(0.5)
int(2)
bool(true)
stop requested
run returned
Swoole\Coroutine::set(): Argument #1 ($options) aio_worker_num must be between 1 and 1024
Swoole\Coroutine::set(): Argument #1 ($options) exit_condition must be a callable or null
bool(false)

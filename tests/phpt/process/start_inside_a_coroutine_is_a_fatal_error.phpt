--TEST--
Swoole\Process::start() inside a coroutine is a fatal error a catch cannot take (uncaught Swoole\Error "must be forked outside the coroutine"), as in Swoole; no child is forked
--EXTENSIONS--
gust
--FILE--
<?php
register_shutdown_function(function () {
    echo "shutdown function, children: ", var_export(pcntl_waitpid(-1, $status, WNOHANG), true), "\n";
});
Co\run(function () {
    $process = new Swoole\Process(function () { echo "never: child\n"; });
    try {
        $process->start();
    } catch (Throwable $e) {
        echo "never: caught\n";
    }
    echo "never: after start\n";
});
echo "never: after run\n";
?>
--EXPECTF--
Fatal error: Uncaught Swoole\Error: must be forked outside the coroutine in %s:%d
Stack trace:
#0 %s(%d): Swoole\Process->start()
#1 [internal function]: {closure}()
#2 {main}
  thrown in %s on line %d
shutdown function, children: -1

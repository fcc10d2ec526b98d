--TEST--
Coroutine::defer(): callbacks run last-registered first and each gets the coroutine's return value (null without one); when one leaves an exception uncaught, it is reported as a fatal error and the callbacks registered before it do not run (as Swoole)
--EXTENSIONS--
gust
--FILE--
<?php
register_shutdown_function(function () { echo "shutdown\n"; });
Co\run(function () {
    go(function () {
        defer(function ($r) { echo "first registered, got ", var_export($r, true), "\n"; });
        defer(function ($r) { echo "second registered, got ", var_export($r, true), "\n"; });
        return 42;
    });
    go(function () {
        defer(function ($r) { echo "no return value: ", var_export($r, true), "\n"; });
    });
    go(function () {
        defer(function () { echo "runs after the body threw\n"; });
        try {
            throw new RuntimeException("caught in the body");
        } catch (RuntimeException $e) {
            echo "body: ", $e->getMessage(), "\n";
        }
    });
    go(function () {
        defer(function () { echo "never\n"; });
        defer(function () { throw new LogicException("from a defer"); });
    });
});
echo "not reached\n";
?>
--EXPECTF--
second registered, got 42
first registered, got 42
no return value: NULL
body: caught in the body
runs after the body threw

Fatal error: Uncaught LogicException: from a defer in %s:%d
Stack trace:
#0 [internal function]: {closure}(NULL)
#1 {main}
  thrown in %s on line %d
shutdown

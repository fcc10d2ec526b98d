--TEST--
An uncaught exception in a coroutine is reported as PHP reports one and ends the script
--EXTENSIONS--
gust
--FILE--
<?php
register_shutdown_function(function () { echo "shutdown function\n"; });
Co\run(function () {
    go(function () {
        Co::sleep(0.001);
        throw new LogicException("lost");
    });
    go(function () { Co::sleep(0.01); echo "never\n"; });
    echo "main\n";
});
echo "never after run\n";
?>
--EXPECTF--
main

Fatal error: Uncaught LogicException: lost in %s:6
Stack trace:
#0 [internal function]: {closure}()
#1 {main}
  thrown in %s on line %d
shutdown function

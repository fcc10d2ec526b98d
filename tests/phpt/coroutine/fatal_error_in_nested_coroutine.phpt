--TEST--
A fatal error in a nested coroutine ends the script from there: no other coroutine runs on, shutdown functions do
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the frames it abandons on any bailout under USE_ZEND_ALLOC=0
// (a plain script calling trigger_error(E_USER_ERROR) inside a closure shows the same report).
register_shutdown_function(function () { echo "shutdown function\n"; });
Co\run(function () {
    go(function () {
        go(function () {
            Co::sleep(0.001);
            trigger_error("nested fatal", E_USER_ERROR);
        });
        Co::sleep(0.01);
        echo "never: parent resumed\n";
    });
    echo "main\n";
});
echo "never after run\n";
?>
--EXPECTF--
main

Fatal error: nested fatal in %s on line %d
shutdown function

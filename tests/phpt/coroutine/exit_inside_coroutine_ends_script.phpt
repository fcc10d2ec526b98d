--TEST--
An uncaught exit() inside a coroutine ends the whole script with its status; destructors and shutdown functions still run
--EXTENSIONS--
gust
--FILE--
<?php
class D { function __destruct() { echo "destruct\n"; } }
register_shutdown_function(function () { echo "shutdown function\n"; });
Co\run(function () {
    go(function () {
        $d = new D;
        echo "exiting\n";
        exit(3);
    });
    echo "never\n";
});
echo "never after run\n";
?>
--EXPECT--
exiting
destruct
shutdown function

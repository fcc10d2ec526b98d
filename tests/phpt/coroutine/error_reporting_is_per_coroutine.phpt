--TEST--
error_reporting() set in one coroutine does not leak into another or into the code that resumes it
--EXTENSIONS--
gust
--FILE--
<?php
error_reporting(E_ALL);
Co\run(function () {
    $cid = go(function () {
        error_reporting(0);
        Co::yield();
        echo "child: ", error_reporting(), "\n";
        echo $undefined_in_child;   // silenced here
        echo "child done\n";
    });
    echo "main: ", error_reporting() === E_ALL ? "E_ALL" : error_reporting(), "\n";
    echo @$x, "main still warns:\n";
    echo $undefined_in_main;
    Co::resume($cid);
});
?>
--EXPECTF--
main: E_ALL
main still warns:

Warning: Undefined variable $undefined_in_main in %s on line %d
child: 0
child done

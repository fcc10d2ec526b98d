--TEST--
defer() callbacks run last-registered first when the coroutine ends, also after an exception is caught
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    go(function () {
        defer(function () { echo "defer 1\n"; });
        Swoole\Coroutine::defer(function () { echo "defer 2\n"; });
        swoole_coroutine_defer(function () { echo "defer 3\n"; });
        echo "body\n";
    });
    echo "main\n";
});
?>
--EXPECT--
body
defer 3
defer 2
defer 1
main

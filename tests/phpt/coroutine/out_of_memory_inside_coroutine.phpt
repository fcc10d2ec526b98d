--TEST--
Running out of memory inside a coroutine reports PHP's fatal error and ends the script cleanly
--EXTENSIONS--
gust
--ENV--
USE_ZEND_ALLOC=1
--INI--
memory_limit=16M
--FILE--
<?php
register_shutdown_function(function () { echo "shutdown function ran\n"; });
Co\run(function () {
    go(function () { Co::sleep(0.001); echo "other coroutine never finishes\n"; });
    go(function () {
        $a = [];
        while (true) { $a[] = str_repeat("x", 1 << 20); }
    });
});
echo "never\n";
?>
--EXPECTF--
Fatal error: Allowed memory size of 16777216 bytes exhausted %s
shutdown function ran

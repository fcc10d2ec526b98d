--TEST--
With enable_deadlock_check => false a deadlock prints no banner, and the stuck coroutines are still unwound (destructors run) before Co\run returns
--EXTENSIONS--
gust
--FILE--
<?php
class Guard { function __destruct() { echo "guard released\n"; } }
Co::set(['enable_deadlock_check' => false]);
Co\run(function () {
    go(function () {
        $g = new Guard;
        (new Swoole\Coroutine\Channel(1))->pop();
        echo "never\n";
    });
    echo "main done\n";
});
echo "after run\n";
?>
--EXPECT--
main done
guard released
after run

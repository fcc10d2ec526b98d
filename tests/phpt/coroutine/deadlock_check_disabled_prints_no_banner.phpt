--TEST--
With enable_deadlock_check => false a deadlock prints no banner; the stuck coroutines stay suspended (their objects live until the request ends) and Co\run returns
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
--EXPECTF--
main done
after run
guard released
[%s]	WARNING	Channel::~Channel() (ERRNO 10003): channel is destroyed, 1 consumers will be discarded

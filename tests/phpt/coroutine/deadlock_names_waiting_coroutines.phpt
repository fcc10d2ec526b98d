--TEST--
When nothing can wake the coroutines left, the deadlock report names each and what it waits on
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $a = new Swoole\Coroutine\Channel(1);
    $b = new Swoole\Coroutine\Channel(1);
    go(function () use ($a) { $a->pop(); echo "never\n"; });
    go(function () use ($b) { $b->push(1); $b->push(2); echo "never\n"; });
    echo "main done\n";
});
echo "after run\n";
?>
--EXPECT--
main done
===================================================================
 [FATAL ERROR]: all coroutines (count: 2) are asleep - deadlock!
 [Coroutine-3] waiting on Channel#4 push
 [Coroutine-2] waiting on Channel#1 pop
===================================================================
after run

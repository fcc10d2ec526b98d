--TEST--
When nothing can wake the coroutines left, the deadlock report (Swoole's banner) names each, what it waits on and its backtrace
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
--EXPECTF--
main done

 =================================================================
  [FATAL ERROR]: all coroutines (count: 2) are asleep - deadlock!
 =================================================================

  [Coroutine-3]
 -----------------------------------------------------------------
 waiting on Channel#4 push
#0 %s(%d): Swoole\Coroutine\Channel->push()
#1 [internal function]: {closure}()

  [Coroutine-2]
 -----------------------------------------------------------------
 waiting on Channel#1 pop
#0 %s(%d): Swoole\Coroutine\Channel->pop()
#1 [internal function]: {closure}()

 =================================================================
after run
[%s]	WARNING	Channel::~Channel() (ERRNO 10003): channel is destroyed, 1 consumers will be discarded
[%s]	WARNING	Channel::~Channel() (ERRNO 10003): channel is destroyed, 1 producers will be discarded

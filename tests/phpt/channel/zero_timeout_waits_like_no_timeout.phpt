--TEST--
pop(0) and push($v, 0) wait without a deadline, as pop() and push() do (Swoole's rule: only a positive timeout times out)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Channel;
Co\run(function () {
    $ch = new Channel(1);
    // A timer callback runs only once the main coroutine has parked: it sees the waiter, then wakes it.
    Swoole\Timer::after(1, function () use ($ch) {
        var_dump($ch->stats()['consumer_num']);
        $ch->push('late');
    });
    var_dump($ch->pop(0));  // 'late', not false at once
    $ch->push('full');
    Swoole\Timer::after(1, function () use ($ch) {
        var_dump($ch->stats()['producer_num']);
        var_dump($ch->pop());
    });
    var_dump($ch->push('second', 0), $ch->errCode, $ch->pop());
});
?>
--EXPECT--
int(1)
string(4) "late"
int(1)
bool(true)
int(0)
string(6) "second"
string(4) "full"

--TEST--
A channel that still has coroutines waiting on it when the request ends logs Swoole's warning "channel is destroyed, N producers (consumers) will be discarded" (ERRNO 10003); the scheduler's end leaves them suspended and the script goes on
--EXTENSIONS--
gust
--FILE--
<?php
Co::set(['enable_deadlock_check' => false]);
$scheduler = new Swoole\Coroutine\Scheduler();
$scheduler->add(function () {
    $full = new Swoole\Coroutine\Channel(1);
    $full->push(1);
    echo "pushed\n";
    go(function () use ($full) { $full->push(2); echo "never: second pusher\n"; });
    $full->push(3);
    echo "never: first pusher\n";
});
$scheduler->add(function () {
    $empty = new Swoole\Coroutine\Channel(1);
    $empty->pop();
    echo "never: popper\n";
});
$scheduler->start();
echo "scheduler end\n";
$settled = new Swoole\Coroutine\Channel(1);  // no waiter: nothing to say
echo "script end\n";
?>
--EXPECTF--
pushed
scheduler end
script end
[%s]	WARNING	Channel::~Channel() (ERRNO 10003): channel is destroyed, 2 producers will be discarded
[%s]	WARNING	Channel::~Channel() (ERRNO 10003): channel is destroyed, 1 consumers will be discarded

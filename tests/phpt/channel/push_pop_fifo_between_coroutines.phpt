--TEST--
Values pass through a channel in FIFO order; a full channel parks the pusher, an empty one the popper
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Channel;
Co\run(function () {
    $ch = new Channel(2);
    go(function () use ($ch) {
        foreach (["a", 1, [2, 3], null] as $v) { $ch->push($v); echo "pushed ", json_encode($v), "\n"; }
        $ch->push(new ArrayObject([4]));
        echo "pusher done\n";
    });
    for ($i = 0; $i < 5; $i++) { $v = $ch->pop(); echo "popped ", json_encode($v), "\n"; }
    var_dump($ch->isEmpty());
});
?>
--EXPECT--
pushed "a"
pushed 1
pushed [2,3]
popped "a"
pushed null
popped 1
pusher done
popped [2,3]
popped null
popped {"0":4}
bool(true)

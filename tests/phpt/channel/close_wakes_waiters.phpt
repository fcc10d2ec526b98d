--TEST--
close() wakes every waiter with SWOOLE_CHANNEL_CLOSED; buffered values are still popped first
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Channel;
Co\run(function () {
    $ch = new Channel(1);
    $poppers = [];
    for ($i = 0; $i < 2; $i++) {
        $poppers[] = go(function () use ($ch, $i) { var_dump($ch->pop()); echo "popper $i errCode ", $ch->errCode, "\n"; });
    }
    var_dump($ch->stats()["consumer_num"]);
    var_dump($ch->close(), $ch->close());
    Co::join($poppers);
    $full = new Channel(1);
    $full->push("kept");
    $full->close();
    var_dump($full->pop(), $full->pop(), $full->errCode === SWOOLE_CHANNEL_CLOSED, $full->push(1));
});
?>
--EXPECT--
int(2)
bool(true)
bool(false)
bool(false)
popper 0 errCode -2
bool(false)
popper 1 errCode -2
string(4) "kept"
bool(false)
bool(true)
bool(false)

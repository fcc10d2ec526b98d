--TEST--
pop()/push() with a timeout return false and set errCode to SWOOLE_CHANNEL_TIMEOUT
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Channel;
var_dump(SWOOLE_CHANNEL_OK, SWOOLE_CHANNEL_TIMEOUT, SWOOLE_CHANNEL_CLOSED, SWOOLE_CHANNEL_CANCELED);
Co\run(function () {
    $ch = new Channel(1);
    var_dump($ch->pop(0.001), $ch->errCode === SWOOLE_CHANNEL_TIMEOUT);
    var_dump($ch->push(1), $ch->push(2, 0.001), $ch->errCode === SWOOLE_CHANNEL_TIMEOUT);
    var_dump($ch->pop(), $ch->length());
});
?>
--EXPECT--
int(0)
int(-1)
int(-2)
int(-3)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
int(1)
int(0)

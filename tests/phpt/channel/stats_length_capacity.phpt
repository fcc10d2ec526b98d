--TEST--
length(), isEmpty(), isFull(), capacity, stats() describe the channel
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Channel;
Co\run(function () {
    $ch = new Channel(2);
    var_dump($ch->capacity, $ch->length(), $ch->isEmpty(), $ch->isFull());
    $ch->push(1); $ch->push(2);
    var_dump($ch->length(), $ch->isEmpty(), $ch->isFull(), $ch->stats());
    go(function () use ($ch) { $ch->push(3); });
    var_dump($ch->stats()["producer_num"]);
    var_dump($ch->pop(), $ch->pop(), $ch->pop(), $ch->isEmpty());
    var_dump((new Channel(0))->capacity);
});
?>
--EXPECT--
int(2)
int(0)
bool(true)
bool(false)
int(2)
bool(false)
bool(true)
array(3) {
  ["consumer_num"]=>
  int(0)
  ["producer_num"]=>
  int(0)
  ["queue_num"]=>
  int(2)
}
int(1)
int(1)
int(2)
int(3)
bool(true)
int(1)

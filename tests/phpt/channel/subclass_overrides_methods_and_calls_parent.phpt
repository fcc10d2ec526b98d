--TEST--
Swoole\Coroutine\Channel is open: a subclass with its own constructor, properties and overrides calls parent:: and works as a channel (hyperf/engine extends it)
--EXTENSIONS--
gust
--FILE--
<?php
class CountingChannel extends Swoole\Coroutine\Channel {
    public int $pushed = 0;
    public function __construct(int $size, public string $name = 'c') { parent::__construct($size); }
    public function push(mixed $data, float $timeout = -1): bool { $this->pushed++; return parent::push("[$data]", $timeout); }
}
class Unconstructed extends Swoole\Coroutine\Channel { public function __construct() {} }
var_dump((new ReflectionClass(Swoole\Coroutine\Channel::class))->isFinal());
Co\run(function () {
    $ch = new CountingChannel(2, 'jobs');
    go(function () use ($ch) { $ch->push('a'); $ch->push('b'); $ch->close(); });
    while (($v = $ch->pop()) !== false) echo $v, "\n";
    var_dump($ch->pushed, $ch->capacity, $ch->name, $ch->errCode === SWOOLE_CHANNEL_CLOSED, $ch instanceof Swoole\Coroutine\Channel);
    try {
        (new Unconstructed)->push(1);
    } catch (Error $e) {
        echo $e->getMessage(), "\n";
    }
});
?>
--EXPECT--
bool(false)
[a]
[b]
int(2)
int(2)
string(4) "jobs"
bool(true)
bool(true)
Swoole\Coroutine\Channel: you must call constructor first

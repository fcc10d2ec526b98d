--TEST--
Objects with native state refuse clone; a Server or a Process whose callback captures it is freed by the cycle collector
--EXTENSIONS--
gust
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$objects = [
    new Swoole\Coroutine\Channel(1),
    new Swoole\Coroutine\WaitGroup(),
    new Swoole\Coroutine\Barrier(),
    new Swoole\Process(function () {}),
    $server,
    $server->listen('127.0.0.1', 0, SWOOLE_SOCK_TCP),
    $server->connections,
    Swoole\Http\Request::create(),
    new Swoole\Coroutine\Http\Client('127.0.0.1', 80),
];
foreach ($objects as $o) {
    try {
        $copy = clone $o;
        echo get_class($o), ": cloned\n";
    } catch (Error $e) {
        echo $e->getMessage(), "\n";
    }
}
unset($objects, $o, $server);

class Tracked {
    public $owner;
    function __destruct() { echo get_class($this->owner), " freed\n"; }
}
// $owner's callback captures $t, which points back at $owner: a cycle only the collector frees.
function cycle(callable $make) {
    $t = new Tracked();
    $t->owner = $make(function () use ($t) {});
}
cycle(function ($f) { $s = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE); $s->on('receive', $f); return $s; });
cycle(fn($f) => new Swoole\Process($f));
echo "collecting\n";
var_dump(gc_collect_cycles() > 0);
echo "done\n";
?>
--EXPECT--
Trying to clone an uncloneable object of class Swoole\Coroutine\Channel
Trying to clone an uncloneable object of class Swoole\Coroutine\WaitGroup
Trying to clone an uncloneable object of class Swoole\Coroutine\Barrier
Trying to clone an uncloneable object of class Swoole\Process
Trying to clone an uncloneable object of class Swoole\Server
Trying to clone an uncloneable object of class Swoole\Server\Port
Trying to clone an uncloneable object of class Swoole\Connection\Iterator
Trying to clone an uncloneable object of class Swoole\Http\Request
Trying to clone an uncloneable object of class Swoole\Coroutine\Http\Client
collecting
Swoole\Server freed
Swoole\Process freed
bool(true)
done

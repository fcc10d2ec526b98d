--TEST--
Swoole\Coroutine, System, WaitGroup, Barrier, Context, Iterator, Runtime and Timer\Iterator are open as in Swoole: subclasses inherit and override with parent:: calls
--EXTENSIONS--
gust
--FILE--
<?php
class MyCo extends Swoole\Coroutine { public static function create(callable $fn, mixed ...$args): int|false { echo "create\n"; return parent::create($fn, ...$args); } }
class MySystem extends Swoole\Coroutine\System {}
class MyWaitGroup extends Swoole\Coroutine\WaitGroup {
    public function __construct(public string $tag) { parent::__construct(0); }
    public function add(int $delta = 1): void { echo "add $delta\n"; parent::add($delta); }
}
class MyBarrier extends Swoole\Coroutine\Barrier {}
class MyContext extends Swoole\Coroutine\Context {}
class MyRuntime extends Swoole\Runtime {}
class MyTimerIterator extends Swoole\Timer\Iterator {}
class MyProcess extends Swoole\Process {
    // static: a closure bound to $this would make a cycle that only the GC frees (a leak report at exit).
    public function __construct() { parent::__construct(static function () { echo "child\n"; }, false, 0); }
}
foreach (['Swoole\Coroutine', 'Swoole\Coroutine\Channel', 'Swoole\Coroutine\System', 'Swoole\Coroutine\WaitGroup', 'Swoole\Coroutine\Barrier',
          'Swoole\Coroutine\Context', 'Swoole\Coroutine\Iterator', 'Swoole\Runtime', 'Swoole\Timer\Iterator', 'Swoole\Process',
          'Swoole\Http\Request', 'Swoole\Http\Response', 'Swoole\Coroutine\Http\ClientProxy'] as $c) {
    if ((new ReflectionClass($c))->isFinal()) echo "$c is final\n";
}
Co\run(function () {
    $wg = new MyWaitGroup('t');
    $wg->add(2);
    MyCo::create(function () use ($wg) { MySystem::sleep(0.001); $wg->done(); });
    go(function () use ($wg) { $wg->done(); });
    var_dump($wg->wait(1), $wg->tag);
    $b = MyBarrier::make();
    go(function () use ($b) { MyCo::sleep(0.001); unset($b); });
    MyBarrier::wait($b);
    var_dump($b, get_class(MyBarrier::make()));
    $ctx = new MyContext(['k' => 1]);
    var_dump($ctx['k'], count(new MyTimerIterator([1, 2])));
});
var_dump(MyRuntime::getHookFlags() === Swoole\Runtime::getHookFlags());
$p = new MyProcess();
$p->start();
var_dump(Swoole\Process::wait()['code']);
?>
--EXPECT--
add 2
create
bool(true)
string(1) "t"
NULL
string(9) "MyBarrier"
int(1)
int(2)
bool(true)
child
int(0)

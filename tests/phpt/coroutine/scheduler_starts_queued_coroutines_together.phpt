--TEST--
Coroutine\Scheduler: add()/parallel() queue coroutines with their arguments, start() runs them together (hooked, as Co\run) and returns when all ended; set()/getOptions() are Coroutine's; refused after start and inside a coroutine
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Scheduler;

$s = new Co\Scheduler;
var_dump($s instanceof Scheduler);
$s->set(['max_coroutine' => 100, 'enable_deadlock_check' => false]);
var_dump(Scheduler::getOptions()['max_coroutine'], $s->getOptions()['enable_deadlock_check']);
$s->set(['max_coroutine' => 100000, 'enable_deadlock_check' => true]);

$order = [];
$ch = new Swoole\Coroutine\Channel(10);
var_dump($s->add(function (string $name) use (&$order, $ch) {
    $order[] = "$name waits";
    $order[] = $ch->pop();           // the last coroutine pushes: all run concurrently
}, 'A'));
var_dump($s->parallel(3, function (int $k) use (&$order) {
    usleep(1000);                    // hooked inside start(), as inside Co\run()
    $order[] = "parallel $k cid>1:" . (int)(Co::getCid() > 1);
}, 7));
$s->add(function () use (&$order, $ch) {
    $order[] = 'B pushes';
    $ch->push('A woke');
});
var_dump($s->start());
print_r($order);
var_dump(Co::getCid());              // back outside any coroutine

var_dump($s->add(fn() => 1));        // started: refused
var_dump($s->start());
try {
    (new Scheduler)->parallel(0, fn() => 1);
} catch (ValueError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
Co\run(function () {
    $inner = new Scheduler;
    $inner->add(fn() => print("never\n"));
    var_dump($inner->start());       // a loop already runs
});
$empty = new Scheduler;
var_dump($empty->start());           // nothing queued: nothing to do
?>
--EXPECTF--
bool(true)
int(100)
bool(false)
bool(true)
bool(true)
bool(true)
Array
(
    [0] => A waits
    [1] => B pushes
    [2] => A woke
    [3] => parallel 7 cid>1:1
    [4] => parallel 7 cid>1:1
    [5] => parallel 7 cid>1:1
)
int(-1)

Warning: Swoole\Coroutine\Scheduler::add(): scheduler is started, unable to execute add in %s on line %d
bool(false)

Warning: Swoole\Coroutine\Scheduler::start(): scheduler is started, unable to execute start in %s on line %d
bool(false)
ValueError: Swoole\Coroutine\Scheduler::parallel(): Argument #1 ($n) must be greater than 0

Warning: Swoole\Coroutine\Scheduler::start(): eventLoop has already been created. unable to start Swoole\Coroutine\Scheduler in %s on line %d
bool(false)
bool(true)

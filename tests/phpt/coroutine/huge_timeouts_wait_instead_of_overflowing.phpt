--TEST--
Huge or infinite timeouts (PHP_INT_MAX, 1e10, INF) wait instead of overflowing into "return at once"
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $sleepers = [];
    foreach ([fn() => Co::sleep(PHP_INT_MAX), fn() => Co::sleep(1e10), fn() => Co::sleep(INF),
              fn() => Swoole\Coroutine\System::sleep(1e10), fn() => sleep(PHP_INT_MAX),
              fn() => usleep(PHP_INT_MAX), fn() => time_nanosleep(PHP_INT_MAX, 999999999),
              fn() => (new Swoole\Coroutine\Channel(1))->pop(PHP_INT_MAX)] as $i => $f) {
        $sleepers[$i] = go(function () use ($f, $i) {
            $r = $f();
            echo "$i woke: ", Co::isCanceled() ? "canceled" : "returned", "\n";
        });
    }
    Co::sleep(0.01);
    echo "all still waiting: ", count(array_filter($sleepers, fn($c) => Co::exists($c))), "\n";
    foreach ($sleepers as $cid) Co::cancel($cid);
    $t = Swoole\Timer::after(PHP_INT_MAX, function () { echo "never\n"; });
    var_dump(Swoole\Timer::exists($t), Swoole\Timer::clear($t));
    $wg = new Swoole\Coroutine\WaitGroup(PHP_INT_MAX);
    try { $wg->add(1); } catch (InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
    $wg->add(-PHP_INT_MAX);
    var_dump($wg->count());
});
?>
--EXPECT--
all still waiting: 8
bool(true)
bool(true)
WaitGroup misuse: the counter would overflow
int(0)
0 woke: canceled
1 woke: canceled
2 woke: canceled
3 woke: canceled
4 woke: canceled
5 woke: canceled
6 woke: canceled
7 woke: canceled

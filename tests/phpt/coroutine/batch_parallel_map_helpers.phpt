--TEST--
Swoole\Coroutine\batch(), parallel() and map(): tasks run concurrently in their own coroutines, results keep the input's keys, unfinished tasks give null after the timeout, bad arguments are PHP errors
--EXTENSIONS--
gust
--FILE--
<?php
use function Swoole\Coroutine\batch;
use function Swoole\Coroutine\map;
use function Swoole\Coroutine\parallel;

Co\run(function () {
    $t = microtime(true);
    $r = batch([
        'a' => function () { Co::sleep(0.1); return 'A'; },
        7 => function () { Co::sleep(0.1); return 7; },
        'sync' => fn () => 'now',
    ]);
    $took = microtime(true) - $t;
    var_dump($r);
    echo $took < 0.19 ? "concurrent\n" : "serial: $took\n";

    // A task still running when the timeout passes reads as null; the others are there.
    $t = microtime(true);
    $r = batch(['fast' => fn () => 1, 'slow' => function () { Co::sleep(1); return 2; }], 0.1);
    var_dump($r, microtime(true) - $t < 0.5);

    $seen = [];
    parallel(3, function () use (&$seen) { Co::sleep(0.05); $seen[] = Co::getCid(); });
    echo count(array_unique($seen)), " coroutines\n";
    parallel(0, fn () => print("never\n"));

    var_dump(map(['x' => 2, 'y' => 3], function ($v) { Co::sleep(0.01 * $v); return $v * $v; }));
    var_dump(map([1, 2], function ($v) { if ($v === 2) Co::sleep(1); return $v; }, 0.2));
    var_dump(map([], fn ($v) => $v));

    try {
        map([1], 'no_such_function');
    } catch (TypeError $e) {
        echo get_class($e), "\n";
    }
    try {
        batch('nope');
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
});
?>
--EXPECTF--
array(3) {
  ["a"]=>
  string(1) "A"
  [7]=>
  int(7)
  ["sync"]=>
  string(3) "now"
}
concurrent
array(2) {
  ["fast"]=>
  int(1)
  ["slow"]=>
  NULL
}
bool(true)
3 coroutines
array(2) {
  ["x"]=>
  int(4)
  ["y"]=>
  int(9)
}
array(2) {
  [0]=>
  int(1)
  [1]=>
  NULL
}
array(0) {
}
TypeError
Swoole\Coroutine\batch(): Argument #1 ($tasks) must be of type array, string given

--TEST--
info(), list() and stats() describe the request's timers; unknown ids give null / false
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
var_dump(Swoole\Timer::stats());
$a = Swoole\Timer::after(50, function () {});
$t = Swoole\Timer::tick(100, function () {});
$list = Swoole\Timer::list();
var_dump(get_class($list), $list instanceof ArrayIterator, iterator_to_array($list) === [$a, $t]);
$info = Swoole\Timer::info($a);
var_dump(array_keys($info));
var_dump($info['exec_msec'] >= 50 && $info['exec_msec'] < 1000, $info['exec_count'], $info['interval'], $info['removed']);
var_dump(Swoole\Timer::info($t)['interval']);
$stats = Swoole\Timer::stats();
var_dump($stats['initialized'], $stats['num']);
var_dump(Swoole\Timer::info(12345), Swoole\Timer::exists(12345), Swoole\Timer::clear(12345));
var_dump(Swoole\Timer::exists($a), swoole_timer_exists($t));
Swoole\Timer::clear($a);
Swoole\Timer::clear($t);
Swoole\Timer::tick(1, function (int $id) {
    static $n = 0;
    if (++$n < 3) return;
    $info = Swoole\Timer::info($id);
    var_dump($info['exec_count'], $info['round'] >= 3, Swoole\Timer::stats()['round'] >= 3);
    Swoole\Timer::clear($id);
});
Swoole\Timer::set([]);
swoole_timer_set(['enable_coroutine' => true]);
var_dump(SWOOLE_TIMER_MIN_MS, SWOOLE_TIMER_MAX_MS === PHP_INT_MAX);
?>
--EXPECT--
array(3) {
  ["initialized"]=>
  bool(false)
  ["num"]=>
  int(0)
  ["round"]=>
  int(0)
}
string(21) "Swoole\Timer\Iterator"
bool(true)
bool(true)
array(5) {
  [0]=>
  string(9) "exec_msec"
  [1]=>
  string(10) "exec_count"
  [2]=>
  string(8) "interval"
  [3]=>
  string(5) "round"
  [4]=>
  string(7) "removed"
}
bool(true)
int(0)
int(0)
bool(false)
int(100)
bool(true)
int(2)
NULL
bool(false)
bool(false)
bool(true)
bool(true)
int(1)
bool(true)
int(3)
bool(true)
bool(true)

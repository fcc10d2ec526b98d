--TEST--
A tick callback receives its timer id then the extra params; an after callback only the params
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$tick = Swoole\Timer::tick(1, function (...$args) {
    var_dump($args);
    Swoole\Timer::clear($args[0]);
}, 'a', ['b' => 2]);
var_dump(is_int($tick) && $tick > 0);
$after = swoole_timer_after(2, function (...$args) { var_dump($args); }, 7, null);
var_dump($after === $tick + 1);
swoole_timer_after(3, function () { var_dump(func_get_args()); });
?>
--EXPECTF--
bool(true)
bool(true)
array(3) {
  [0]=>
  int(%d)
  [1]=>
  string(1) "a"
  [2]=>
  array(1) {
    ["b"]=>
    int(2)
  }
}
array(2) {
  [0]=>
  int(7)
  [1]=>
  NULL
}
array(0) {
}

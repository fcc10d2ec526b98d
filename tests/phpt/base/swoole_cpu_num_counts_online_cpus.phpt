--TEST--
swoole_cpu_num() returns the number of online CPUs
--EXTENSIONS--
gust
--FILE--
<?php
$n = swoole_cpu_num();
var_dump(is_int($n) && $n >= 1);
$online = (int)trim(shell_exec('getconf _NPROCESSORS_ONLN'));
var_dump($n === $online);
?>
--EXPECT--
bool(true)
bool(true)

--TEST--
A timer cleared from inside its own callback is marked removed and never fires again; clearing twice fails
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$count = 0;
Swoole\Timer::tick(2, function (int $id) use (&$count) {
    $count++;
    var_dump(Swoole\Timer::exists($id));
    var_dump(Swoole\Timer::clear($id));
    var_dump(Swoole\Timer::exists($id));
    $info = Swoole\Timer::info($id);
    var_dump($info['removed'], $info['exec_count']);
    var_dump(Swoole\Timer::clear($id));
});
$after = Swoole\Timer::after(1, function () use (&$after) {
    echo "after: exists during its own callback: ", var_export(Swoole\Timer::exists($after), true), "\n";
});
$other = Swoole\Timer::after(5, function () { echo "never\n"; });
Swoole\Timer::after(3, function () use ($other) {
    var_dump(Swoole\Timer::clear($other));
});
Swoole\Timer::after(20, function () use (&$count) {
    echo "tick ran $count time(s)\n";
});
?>
--EXPECT--
after: exists during its own callback: true
bool(true)
bool(true)
bool(false)
bool(true)
int(1)
bool(false)
bool(true)
tick ran 1 time(s)

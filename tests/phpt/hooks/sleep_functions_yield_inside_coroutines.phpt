--TEST--
sleep(), usleep(), time_nanosleep() and time_sleep_until() let other coroutines run when SWOOLE_HOOK_SLEEP is on
--EXTENSIONS--
gust
--FILE--
<?php
$order = [];
Co\run(function () use (&$order) {
    go(function () use (&$order) { usleep(30000); $order[] = "usleep 30ms"; });
    go(function () use (&$order) { var_dump(time_nanosleep(0, 10000000)); $order[] = "nanosleep 10ms"; });
    go(function () use (&$order) { var_dump(time_sleep_until(microtime(true) + 0.02)); $order[] = "until +20ms"; });
    go(function () use (&$order) { var_dump(sleep(0)); $order[] = "sleep 0"; });
    $order[] = "all started";
});
echo implode("\n", $order), "\n";
// Outside coroutines the functions are PHP's own.
$t = hrtime(true);
usleep(1000);
var_dump((hrtime(true) - $t) >= 1000000);
?>
--EXPECT--
int(0)
bool(true)
bool(true)
all started
sleep 0
nanosleep 10ms
until +20ms
usleep 30ms
bool(true)

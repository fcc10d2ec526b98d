--TEST--
Co::cancel(): ends a sleep, a yield (suspend) and System::wait() with SWOOLE_ERROR_CO_CANCELED as the last error, also when the sleeper's own deadline fired in the same loop turn; refuses the running coroutine (CO_CANNOT_CANCEL) and an unknown one (CO_NOT_EXISTS); a second joiner of one coroutine gets CO_HAS_BEEN_BOUND
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
use Swoole\Coroutine\System;

Co\run(function () {
    var_dump(Coroutine::cancel(Coroutine::getCid()), swoole_last_error() === SWOOLE_ERROR_CO_CANNOT_CANCEL);
    var_dump(Coroutine::cancel(987654), swoole_last_error() === SWOOLE_ERROR_CO_NOT_EXISTS);

    $child = proc_open(['sleep', '100'], [], $pipes);  // a child that outlives System::wait()
    $waits = [
        'sleep' => fn () => System::sleep(100),
        'suspend' => fn () => Coroutine::suspend(),
        'wait' => fn () => System::wait(),
    ];
    foreach ($waits as $name => $wait) {
        $cid = go(function () use ($name, $wait) {
            $result = $wait();
            echo "$name: ", var_export($result, true), ", CO_CANCELED: ",
                 var_export(swoole_last_error() === SWOOLE_ERROR_CO_CANCELED, true), "\n";
        });
        System::sleep(0.001);
        var_dump(Coroutine::cancel($cid));
        Coroutine::join([$cid]);
    }
    proc_terminate($child, 9);
    proc_close($child);

    // Both deadlines expire in one loop turn: the first sleeper cancels the second, whose wait
    // ended by its own deadline but has not run yet; the cancel still counts.
    $second = 0;
    $first = go(function () use (&$second) {
        System::sleep(0.01);
        var_dump(Coroutine::cancel($second));
    });
    $second = go(function () {
        var_dump(System::sleep(0.01), swoole_last_error() === SWOOLE_ERROR_CO_CANCELED);
    });
    Coroutine::join([$first, $second]);

    $target = go(function () { System::sleep(0.05); });
    go(function () use ($target) {
        System::sleep(0.001);  // joins after the main coroutine did
        var_dump(Coroutine::join([$target]), swoole_last_error() === SWOOLE_ERROR_CO_HAS_BEEN_BOUND);
    });
    var_dump(Coroutine::join([$target]));
});
echo "done\n";
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
sleep: false, CO_CANCELED: true
bool(true)
suspend: false, CO_CANCELED: true
bool(true)
wait: false, CO_CANCELED: true
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
done

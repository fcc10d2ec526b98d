--TEST--
Two coroutines ask for one class while its autoloader yields: the second waits for the first load instead of getting "Class not found", and the autoloader runs once
--EXTENSIONS--
gust
--FILE--
<?php
$loads = 0;
spl_autoload_register(function ($class) use (&$loads) {
    if ($class !== 'SlowToLoad') return;
    $loads++;
    Co::sleep(0.05);  // the autoloader yields (as with hooked file I/O)
    eval('class SlowToLoad { const WHO = "loaded"; }');
});
Co\run(function () {
    for ($i = 0; $i < 3; $i++) {
        go(function () use ($i) {
            try {
                $who = SlowToLoad::WHO;
                echo "coroutine $i: $who\n";
            } catch (Error $e) {
                echo "coroutine $i: ", $e->getMessage(), "\n";
            }
        });
    }
});
echo "autoloader ran $loads time(s)\n";
// A failed load lets the waiters try for themselves, each getting the engine's error.
spl_autoload_register(function ($class) { if ($class === 'NeverThere') Co::sleep(0.01); });
Co\run(function () {
    for ($i = 0; $i < 2; $i++) {
        go(function () use ($i) {
            $exists = var_export(class_exists('NeverThere'), true);
            echo "coroutine $i: $exists\n";
        });
    }
});
?>
--EXPECT--
coroutine 0: loaded
coroutine 1: loaded
coroutine 2: loaded
autoloader ran 1 time(s)
coroutine 0: false
coroutine 1: false

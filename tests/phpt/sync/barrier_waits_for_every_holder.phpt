--TEST--
Barrier::wait() returns once every coroutine holding the barrier has ended, and sets the variable to null
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Barrier;
Co\run(function () {
    $barrier = Barrier::make();
    $finished = [];
    foreach ([2, 1, 3] as $i) {
        go(function () use ($barrier, $i, &$finished) {
            Co::sleep($i / 1000);
            $finished[] = $i;
        });
    }
    go(function () use ($barrier, &$finished) { $finished[] = 0; });  // ends at once
    Barrier::wait($barrier);
    var_dump($barrier);
    echo implode(',', $finished), "\n";

    $alone = Barrier::make();
    Barrier::wait($alone);  // no other holder: returns at once
    echo "alone\n";
    var_dump(get_class(Barrier::make()));
});
?>
--EXPECT--
NULL
0,1,2,3
alone
string(24) "Swoole\Coroutine\Barrier"

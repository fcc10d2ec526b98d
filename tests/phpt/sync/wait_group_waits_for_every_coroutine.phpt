--TEST--
WaitGroup::wait() returns true once every coroutine called done(); the group can be reused
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\WaitGroup;
Co\run(function () {
    $wg = new WaitGroup();
    $done = [];
    foreach ([3, 1, 2] as $i) {
        $wg->add();
        go(function () use ($wg, $i, &$done) {
            Co::sleep($i / 1000);
            $done[] = $i;
            $wg->done();
        });
    }
    var_dump($wg->count());
    var_dump($wg->wait());
    echo implode(',', $done), "\n";
    var_dump($wg->count());
    var_dump($wg->wait());  // count 0: at once

    $wg2 = new WaitGroup(2);
    var_dump($wg2->count());
    go(function () use ($wg2) { $wg2->done(); });
    go(function () use ($wg2) { Co::sleep(0.001); $wg2->done(); });
    var_dump($wg2->wait(5));
    echo "reused\n";
});
?>
--EXPECT--
int(3)
bool(true)
1,2,3
int(0)
bool(true)
int(2)
bool(true)
reused

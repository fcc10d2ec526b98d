--TEST--
Generators keep working when their consumer coroutine switches inside and between iterations; a generator can be resumed from another coroutine
--EXTENSIONS--
gust
--FILE--
<?php
function numbers(string $who) {
    try {
        for ($i = 1; $i <= 3; $i++) {
            Co::sleep(0.001);            // the generator body itself parks the coroutine
            $got = yield $i;
            echo "$who sent $got\n";
        }
    } finally {
        echo "$who generator finally\n";
    }
}
Co\run(function () {
    // The consumer switches between iterations (each sleep lets the loop run).
    $g = (function () { $x = yield from [10, 20]; yield 30; })();
    foreach ($g as $v) { Co::sleep(0); echo "main $v\n"; }
    $shared = numbers("shared");
    $ch = new Swoole\Coroutine\Channel(1);
    go(function () use ($shared, $ch) {
        $v = $shared->current();   // runs the generator body, which parks this coroutine
        echo "A got $v\n";
        $shared->send("a");
        $ch->push(true);
    });
    go(function () use ($shared, $ch) {
        $ch->pop();
        $v = $shared->current();   // resumed from another coroutine
        echo "B got $v\n";
        $shared->send("b");
        $v = $shared->current();
        echo "B got $v\n";
        $shared->send("b2");
        var_dump($shared->valid());
    });
});
?>
--EXPECT--
main 10
main 20
main 30
A got 1
shared sent a
B got 2
shared sent b
B got 3
shared sent b2
shared generator finally
bool(false)

<?php
// Coroutines, a channel and a timer: three workers sleep for different times and
// report through a channel; the total wall time is the longest sleep, not the sum.
use Swoole\Coroutine;
use Swoole\Coroutine\Channel;

Co\run(function () {
    $start = microtime(true);
    $results = new Channel(3);
    foreach ([0.3, 0.1, 0.2] as $i => $seconds) {
        go(function () use ($i, $seconds, $results) {
            Coroutine::sleep($seconds);  // parks this coroutine only
            $results->push(sprintf("worker %d (coroutine %d) slept %.1f s", $i, Coroutine::getCid(), $seconds));
        });
    }
    for ($i = 0; $i < 3; $i++) {
        echo $results->pop(), PHP_EOL;
    }
    printf("all three done in %.2f s (sequential sleeps would take 0.60 s)\n", microtime(true) - $start);
});

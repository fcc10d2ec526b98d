--TEST--
Swoole\ConnectionPool: 6 coroutines share a pool of 2 in turn; get() times out with false; put() refuses what it did not lend; close() wakes waiters
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\ConnectionPool;
use Swoole\Coroutine;

// The class is compiled at first use, not before.
var_dump(class_exists(ConnectionPool::class, false));
var_dump((new ReflectionClass(ConnectionPool::class))->getConstant('DEFAULT_SIZE'));

Co\run(function () {
    $made = 0;
    $pool = new ConnectionPool(function () use (&$made) {
        $made++;
        return new ArrayObject(['id' => $made]);
    }, 2);
    $busy = 0;
    $maxBusy = 0;
    $wg = new Coroutine\WaitGroup();
    for ($i = 0; $i < 6; $i++) {
        $wg->add();
        go(function () use ($pool, &$busy, &$maxBusy, $wg) {
            $conn = $pool->get();
            $busy++;
            $maxBusy = max($maxBusy, $busy);
            Coroutine::sleep(0.01);
            $busy--;
            $pool->put($conn);
            $wg->done();
        });
    }
    $wg->wait();
    echo "made $made, at most $maxBusy at once\n";

    // All lent: a get() with a timeout gives up with false.
    $a = $pool->get();
    $b = $pool->get();
    $t = microtime(true);
    var_dump($pool->get(0.05));
    $waited = microtime(true) - $t;
    var_dump($waited >= 0.04 && $waited < 1.0);

    // put() takes back only what it lent, once.
    try {
        $pool->put(new ArrayObject());
    } catch (InvalidArgumentException $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
    $pool->put($a);
    try {
        $pool->put($a);
    } catch (InvalidArgumentException $e) {
        echo "twice: ", $e->getMessage(), "\n";
    }

    // put(null): the borrowed connection is broken, a new one replaces it.
    $pool->put(null);
    echo "made $made\n";

    // close() while a coroutine waits: it gets false; get() after close() throws.
    $c = $pool->get();
    $d = $pool->get();
    $waiter = go(function () use ($pool) {
        var_dump($pool->get());
    });
    $pool->close();
    Coroutine::join([$waiter]);
    try {
        $pool->get();
    } catch (RuntimeException $e) {
        echo $e->getMessage(), "\n";
    }
    $pool->put($c);  // after close(): dropped quietly
});

// A constructor that throws: get() reports it, and the slot stays free.
Co\run(function () {
    $fail = true;
    $pool = new ConnectionPool(function () use (&$fail) {
        if ($fail) throw new RuntimeException("server away");
        return new stdClass();
    }, 1);
    try {
        $pool->get();
    } catch (RuntimeException $e) {
        echo "get: ", $e->getMessage(), "\n";
    }
    $fail = false;
    var_dump($pool->get(0.1) instanceof stdClass);
});

try {
    new ConnectionPool(fn () => 1, 0);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}

// fill() makes them all at once.
Co\run(function () {
    $n = 0;
    $pool = new ConnectionPool(function () use (&$n) { $n++; return new stdClass(); }, 3);
    $pool->fill();
    echo "filled $n\n";
});
?>
--EXPECT--
bool(false)
int(64)
made 2, at most 2 at once
bool(false)
bool(true)
InvalidArgumentException: Swoole\ConnectionPool::put(): the ArrayObject was not taken from this pool with get(), or was put back already
twice: Swoole\ConnectionPool::put(): the ArrayObject was not taken from this pool with get(), or was put back already
made 3
bool(false)
Pool has been closed
get: server away
bool(true)
Swoole\ConnectionPool::__construct(): Argument #2 ($size) must be greater than 0
filled 3

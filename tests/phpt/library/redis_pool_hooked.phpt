--TEST--
RedisPool (phpredis, SWOOLE_HOOK_ALL): 20 coroutines over a pool of 4, commands interleave; BLPOPs on the pool do not block each other; an open MULTI is discarded on put(); a CLIENT KILLed connection is replaced with put(null)
--EXTENSIONS--
gust
igbinary
redis
--SKIPIF--
<?php
if (!getenv("GUST_TEST_REDIS_SOCKET")) die("skip no Redis fixture (tools/run_tests.py starts one when redis-server is installed)");
?>
--FILE--
<?php
use Swoole\Database\RedisConfig;
use Swoole\Database\RedisPool;

Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
$config = (new RedisConfig())->withHost(getenv("GUST_TEST_REDIS_SOCKET"))->withPort(0)->withDbIndex(2);
Co\run(function () use ($config) {
    $pool = new RedisPool($config, 4);
    $key = 'gust:pool:' . getmypid();
    $redis = $pool->get();
    $redis->del($key);
    $pool->put($redis);
    $order = [];
    $ids = [];
    $wg = new Swoole\Coroutine\WaitGroup();
    for ($i = 0; $i < 20; $i++) {
        $wg->add();
        go(function () use ($pool, $key, $i, &$order, &$ids, $wg) {
            $redis = $pool->get();
            $ids[$redis->client('id')] = true;
            $order[] = "start";
            $redis->rPush($key, $i);
            usleep(10000);  // hooked: the other coroutines run meanwhile
            $order[] = "end";
            $pool->put($redis);
            $wg->done();
        });
    }
    $wg->wait();
    $redis = $pool->get();
    echo "items ", $redis->lLen($key), ", connections ", count($ids), ", db ", $redis->getDbNum(), "\n";
    // Interleaved: the first four started before any ended.
    echo implode(',', array_slice($order, 0, 4)), "\n";
    $pool->put($redis);

    // Three BLPOPs wait on the pool's connections at once; one pusher serves all three.
    $t = microtime(true);
    $got = [];
    $wg = new Swoole\Coroutine\WaitGroup();
    foreach (['a', 'b', 'c'] as $name) {
        $wg->add();
        go(function () use ($pool, $key, $name, &$got, $wg) {
            $redis = $pool->get();
            $got[$name] = $redis->blPop(["$key:$name"], 2)[1] ?? null;
            $pool->put($redis);
            $wg->done();
        });
    }
    go(function () use ($pool, $key) {
        $redis = $pool->get();
        usleep(100000);
        foreach (['c', 'b', 'a'] as $name) $redis->rPush("$key:$name", "v$name");
        $pool->put($redis);
    });
    $wg->wait();
    ksort($got);
    $elapsed = microtime(true) - $t;
    echo json_encode($got), ", ", $elapsed < 0.5 ? "together" : "elapsed $elapsed", "\n";

    // A MULTI left open is discarded on put(), so the next borrower's commands run.
    $redis = $pool->get();
    $redis->multi();
    $redis->set("$key:x", 1);
    $pool->put($redis);
    $again = [];
    for ($i = 0; $i < 4; $i++) $again[] = $pool->get();
    foreach ($again as $r) {
        if ($r->getMode() !== Redis::ATOMIC) echo "left in MULTI\n";
    }
    var_dump($again[0]->exists("$key:x"));
    foreach ($again as $r) $pool->put($r);

    // Killed server-side: phpredis notices the closed socket and reconnects by itself.
    $victim = $pool->get();
    $admin = $pool->get();
    $id = $victim->client('id');
    var_dump($admin->rawCommand('CLIENT', 'KILL', 'ID', $id));
    var_dump($victim->ping(), $victim->client('id') != $id);
    // A connection the borrower deems broken goes back as null: the pool makes a replacement.
    $pool->put(null);
    $all = [];
    for ($i = 0; $i < 3; $i++) $all[] = $pool->get(1);
    foreach ($all as $r) var_dump($r->ping());
    foreach ($all as $r) $pool->put($r);
    $fresh = $pool->get();
    try {
        $pool->put(new Redis());
    } catch (InvalidArgumentException $e) {
        echo "foreign refused\n";
    }
    $fresh->del($key, "$key:a", "$key:b", "$key:c", "$key:x");
    $pool->put($fresh);
    $pool->put($admin);
    $pool->close();
});
?>
--EXPECT--
items 20, connections 4, db 2
start,start,start,start
{"a":"va","b":"vb","c":"vc"}, together
int(0)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
foreign refused

--TEST--
Swoole\NameResolver\Redis: join/leave/getCluster against a real Redis; lookups resolve through it in coroutines
--EXTENSIONS--
gust
igbinary
redis
--SKIPIF--
<?php
if (!getenv("GUST_TEST_REDIS_PORT")) die("skip no Redis on TCP (GUST_TEST_REDIS_PORT; the resolver takes a tcp:// URL)");
?>
--FILE--
<?php
$ns = new Swoole\NameResolver\Redis('tcp://127.0.0.1:' . getenv("GUST_TEST_REDIS_PORT"));
$name = 'gust_test_' . getmypid();
Co\run(function () use ($ns, $name) {
    var_dump($ns->join($name, '192.168.1.1', 80), $ns->join($name, '192.168.1.2', 81));
    Swoole\Coroutine::set(['name_resolver' => [$ns]]);
    $ctx = new Swoole\NameResolver\Context(AF_INET, true);
    $got = [swoole_name_resolver_lookup($name, $ctx), swoole_name_resolver_lookup($name, $ctx)];
    sort($got);
    echo implode(' ', $got), "\n";
    var_dump($ns->leave($name, '192.168.1.1', 80), $ns->getCluster($name)->count());
    var_dump($ns->leave($name, '192.168.1.2', 81), $ns->getCluster($name));
});
?>
--EXPECT--
bool(true)
bool(true)
192.168.1.1:80 192.168.1.2:81
bool(true)
int(1)
bool(true)
NULL

--TEST--
PDO pgsql hooked: pgsqlGetNotify() with a timeout parks the coroutine (the loop keeps ticking), returns false after the timeout and the notification once another coroutine sends it
--EXTENSIONS--
gust
pdo
pdo_pgsql
--SKIPIF--
<?php require __DIR__ . "/pdo_pgsql_skipif.inc"; ?>
--FILE--
<?php
require __DIR__ . "/pdo_pgsql.inc";
Co\run(function () {
    $listener = pg_connect();
    $listener->exec("LISTEN gust_channel");
    $ticks = 0;
    $done = false;
    go(function () use (&$ticks, &$done) {
        while (!$done) { usleep(10000); $ticks++; }
    });
    // Nothing sent: false after about 300 ms, during which the ticker ran.
    $t = microtime(true);
    var_dump($listener->pgsqlGetNotify(PDO::FETCH_ASSOC, 300));
    $elapsed = microtime(true) - $t;
    var_dump($elapsed >= 0.29 && $elapsed < 1.0, $ticks >= 10);
    // Sent 100 ms into a 5 s wait: returned then.
    go(function () {
        usleep(100000);
        pg_connect()->exec("NOTIFY gust_channel, 'hello'");
    });
    $t = microtime(true);
    $n = $listener->pgsqlGetNotify(PDO::FETCH_ASSOC, 5000);
    var_dump($n["message"], $n["payload"], microtime(true) - $t < 2.0);
    $done = true;
});
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
string(12) "gust_channel"
string(5) "hello"
bool(true)

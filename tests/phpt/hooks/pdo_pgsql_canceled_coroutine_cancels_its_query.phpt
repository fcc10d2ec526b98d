--TEST--
PDO pgsql (SWOOLE_HOOK_PDO_PGSQL): Coroutine::cancel() of a coroutine waiting for SELECT pg_sleep(30) ends its wait at once and cancels the query on the server, so the connection's next query answers in well under the 30 s
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
    $pdo = pg_connect([PDO::ATTR_ERRMODE => PDO::ERRMODE_SILENT]);
    $parked = new Swoole\Coroutine\Channel(1);
    $ended = new Swoole\Coroutine\Channel(1);
    $cid = go(function () use ($pdo, $parked, $ended) {
        $parked->push(true);
        $t = microtime(true);
        $r = $pdo->query("SELECT pg_sleep(30)");
        echo "query ended after the cancel: ", microtime(true) - $t < 5 ? "yes" : "no", "; result ", var_export($r, true), "\n";
        echo "canceled: ", Swoole\Coroutine::isCanceled() ? "yes" : "no", "\n";
        $ended->push(true);
    });
    $parked->pop();
    // Until the query runs on the server (bounded), watched from a second connection.
    $watch = pg_connect();
    for ($i = 0; $i < 500; $i++) {
        $running = $watch->query("SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'")->fetchColumn();
        if ($running > 0) break;
        Co::sleep(0.01);
    }
    var_dump(Swoole\Coroutine::cancel($cid));
    $ended->pop();  // the connection is one coroutine's at a time
    $t = microtime(true);
    var_dump($pdo->query("SELECT 42")->fetchColumn());
    echo "next query waited under 5 s: ", microtime(true) - $t < 5 ? "yes" : sprintf("no (%.1f s)", microtime(true) - $t), "\n";
    // The server saw the cancel: nothing of ours is still running pg_sleep.
    $busy = $pdo->query("SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'")->fetchColumn();
    var_dump($busy);
});
?>
--EXPECT--
bool(true)
query ended after the cancel: yes; result false
canceled: yes
int(42)
next query waited under 5 s: yes
int(0)

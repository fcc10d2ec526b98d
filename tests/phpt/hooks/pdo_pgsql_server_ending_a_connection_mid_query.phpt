--TEST--
PDO pgsql hooked: the server ending a connection mid-query (pg_terminate_backend from another coroutine) gives that coroutine a PDOException, the process and other connections go on
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
    $victim = pg_connect();
    $pid = $victim->query("SELECT pg_backend_pid()")->fetchColumn();
    $ch = new Swoole\Coroutine\Channel(1);
    go(function () use ($victim, $ch) {
        $t = microtime(true);
        try {
            $victim->query("SELECT pg_sleep(10)");
            $ch->push("no exception");
        } catch (PDOException $e) {
            // As plain PHP: HY000 with the server's FATAL message and libpq's lost-connection text.
            $ch->push([get_class($e), $e->getCode(), strtok($e->getMessage(), "\n"), microtime(true) - $t < 5]);
        }
    });
    $killer = pg_connect();
    // Wait until the victim's query is running on the server, then end its backend.
    for ($i = 0; $i < 500; $i++) {
        $state = $killer->query("SELECT state FROM pg_stat_activity WHERE pid = $pid")->fetchColumn();
        if ($state === "active") break;
        usleep(10000);
    }
    var_dump($state);
    var_dump($killer->query("SELECT pg_terminate_backend($pid)")->fetchColumn());
    var_dump($ch->pop(10));
    // The dead connection keeps failing cleanly; a new one works.
    try {
        $victim->query("SELECT 1");
        echo "no exception\n";
    } catch (PDOException $e) {
        echo get_class($e), "\n";
    }
    var_dump(pg_connect()->query("SELECT 42")->fetchColumn());
});
echo "process still here\n";
?>
--EXPECT--
string(6) "active"
bool(true)
array(4) {
  [0]=>
  string(12) "PDOException"
  [1]=>
  string(5) "HY000"
  [2]=>
  string(93) "SQLSTATE[HY000]: General error: 7 FATAL:  terminating connection due to administrator command"
  [3]=>
  bool(true)
}
PDOException
int(42)
process still here

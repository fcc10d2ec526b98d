--TEST--
PDO pgsql hooked: a second coroutine querying a connection while another's query runs on it gets libpq's "another command is already in progress" PDOException; the first query's result is intact
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
    $pdo = pg_connect();
    go(function () use ($pdo) {
        var_dump($pdo->query("SELECT pg_sleep(0.2), 'first'")->fetch(PDO::FETCH_NUM)[1]);
    });
    try {
        $pdo->query("SELECT 'second'");
        echo "no exception\n";
    } catch (PDOException $e) {
        echo $e->getMessage(), "\n";
    }
    usleep(400000);
    var_dump($pdo->query("SELECT 'third'")->fetchColumn());
});
?>
--EXPECT--
SQLSTATE[HY000]: General error: 7 another command is already in progress
string(5) "first"
string(5) "third"

--TEST--
MysqliPool on MariaDB: 6 coroutines over a pool of 2 take turns; a KILLed connection is reconnected (query and prepared statement); errors come through
--EXTENSIONS--
gust
mysqlnd
mysqli
--SKIPIF--
<?php
if (!getenv("GUST_TEST_MYSQL_SOCKET")) die("skip no MariaDB fixture (tools/run_tests.py starts one when mariadbd is installed)");
?>
--FILE--
<?php
use Swoole\Database\MysqliConfig;
use Swoole\Database\MysqliPool;
use Swoole\Database\MysqliProxy;
use Swoole\Database\MysqliStatementProxy;

$config = (new MysqliConfig())->withHost('localhost')->withUnixSocket(getenv("GUST_TEST_MYSQL_SOCKET"))
    ->withDbname('information_schema')->withUsername('root')->withPassword('');
Co\run(function () use ($config) {
    $pool = new MysqliPool($config, 2);
    $ids = [];
    $t = microtime(true);
    $wg = new Swoole\Coroutine\WaitGroup();
    for ($i = 0; $i < 6; $i++) {
        $wg->add();
        go(function () use ($pool, &$ids, $wg, $i) {
            $db = $pool->get();
            $ids[$db->thread_id] = true;
            $row = $db->query("SELECT SLEEP(0.1) AS s, $i AS i")->fetch_assoc();
            assert($row['i'] == $i);
            $pool->put($db);
            $wg->done();
        });
    }
    $wg->wait();
    $elapsed = microtime(true) - $t;
    echo count($ids), " connections; ", ($elapsed >= 0.29 && $elapsed < 0.6) ? "in turns" : "elapsed $elapsed", "\n";

    $db = $pool->get();
    $killer = $pool->get();
    var_dump($db instanceof MysqliProxy, $db->character_set_name());
    $before = $db->thread_id;
    $killer->query("KILL $before");
    $row = $db->query('SELECT CONNECTION_ID() AS id, 7 AS n')->fetch_assoc();
    echo "reconnected: ", $row['id'] != $before ? "yes" : "no", ", round ", $db->getRound(), ", n ", $row['n'], "\n";

    $stmt = $db->prepare('SELECT ? + 1');
    var_dump($stmt instanceof MysqliStatementProxy);
    $in = 41;
    $stmt->bind_param('i', $in);
    $killer->query('KILL ' . $db->thread_id);
    $stmt->execute();
    $out = null;
    $stmt->bind_result($out);
    $stmt->fetch();
    echo "statement: $out, round ", $db->getRound(), "\n";
    $stmt->close();

    // Inside a transaction the loss comes through, and the next call reconnects.
    $db->begin_transaction();
    $killer->query('KILL ' . $db->thread_id);
    try {
        $db->query('SELECT 1');
        echo "no exception\n";
    } catch (mysqli_sql_exception $e) {
        echo "in transaction: ", $e->getCode(), "\n";
    }
    echo "after: ", $db->query('SELECT 5 AS v')->fetch_assoc()['v'], ", round ", $db->getRound(), "\n";

    try {
        $db->query('SELECT * FROM no_such_table');
    } catch (mysqli_sql_exception $e) {
        echo "sql error: ", $e->getCode(), ", round ", $db->getRound(), "\n";
    }
    $pool->put($db);
    $pool->put($killer);
});

Co\run(function () {
    $dir = sys_get_temp_dir() . '/gust-no-mysql-' . getmypid();
    $pool = new MysqliPool((new MysqliConfig())->withHost('localhost')->withUnixSocket("$dir/none.sock"), 1);
    try {
        $pool->get();
    } catch (Swoole\Database\MysqliException $e) {
        echo "down: ", $e->getCode(), "\n";
    }
});
?>
--EXPECTF--
2 connections; in turns
bool(true)
string(7) "utf8mb4"
reconnected: yes, round 1, n 7
bool(true)
statement: 42, round 2
in transaction: %r(2006|2013)%r
after: 5, round 3
sql error: %d, round 3
down: 2002

--TEST--
PDOPool on MariaDB: 8 coroutines over a pool of 3 take turns; queries overlap; a connection KILLed server-side is reconnected and the query retried; inside a transaction the loss is reported
--EXTENSIONS--
gust
mysqlnd
pdo
pdo_mysql
--SKIPIF--
<?php
if (!getenv("GUST_TEST_MYSQL_SOCKET")) die("skip no MariaDB fixture (tools/run_tests.py starts one when mariadbd is installed)");
?>
--FILE--
<?php
use Swoole\Database\PDOConfig;
use Swoole\Database\PDOPool;
use Swoole\Database\PDOProxy;

$config = (new PDOConfig())->withUnixSocket(getenv("GUST_TEST_MYSQL_SOCKET"))->withDbname('information_schema')
    ->withUsername('root')->withPassword('');
Co\run(function () use ($config) {
    $pool = new PDOPool($config, 3);
    $ids = [];
    $t = microtime(true);
    $wg = new Swoole\Coroutine\WaitGroup();
    for ($i = 0; $i < 8; $i++) {
        $wg->add();
        go(function () use ($pool, &$ids, $wg, $i) {
            $pdo = $pool->get();
            $ids[$pdo->query('SELECT CONNECTION_ID()')->fetchColumn()] = true;
            $row = $pdo->query("SELECT SLEEP(0.1) AS s, $i AS i")->fetch(PDO::FETCH_ASSOC);
            assert($row['i'] == $i);
            $pool->put($pdo);
            $wg->done();
        });
    }
    $wg->wait();
    $elapsed = microtime(true) - $t;
    // 8 queries of 0.1 s, 3 at a time: 3 rounds (0.3 s), not 0.8 s.
    echo count($ids), " connections; ", ($elapsed >= 0.29 && $elapsed < 0.7) ? "in turns" : "elapsed $elapsed", "\n";

    $pdo = $pool->get();
    var_dump($pdo instanceof PDOProxy, $pdo->getAttribute(PDO::ATTR_ERRMODE) === PDO::ERRMODE_EXCEPTION);
    $pdo->setAttribute(PDO::ATTR_DEFAULT_FETCH_MODE, PDO::FETCH_NUM);
    $before = $pdo->query('SELECT CONNECTION_ID()')->fetchColumn();
    $killer = $pool->get();
    $killer->exec("KILL $before");
    // The next call finds the connection gone, reconnects and runs again; the attribute is kept.
    $row = $pdo->query('SELECT CONNECTION_ID(), 7')->fetch();
    echo "reconnected: ", $row[0] != $before ? "yes" : "no", ", round ", $pdo->getRound(), ", row ", json_encode([$row[1]]), "\n";

    // A prepared statement whose connection dies: execute() prepares it again and runs it.
    $stmt = $pdo->prepare('SELECT ? + 1');
    $stmt->bindValue(1, 41, PDO::PARAM_INT);
    $killer->exec('KILL ' . $pdo->query('SELECT CONNECTION_ID()')->fetchColumn());
    $stmt->execute();
    echo "statement: ", $stmt->fetchColumn(), ", round ", $pdo->getRound(), "\n";

    // Inside a transaction the loss is the caller's to know: the exception comes through, and the
    // next call reconnects.
    $pdo->beginTransaction();
    var_dump($pdo->inTransaction());
    $killer->exec('KILL ' . $pdo->query('SELECT CONNECTION_ID()')->fetchColumn());
    try {
        $pdo->query('SELECT 1');
        echo "no exception\n";
    } catch (PDOException $e) {
        echo "in transaction: ", Swoole\Database\DetectsLostConnections::causedByLostConnection($e) ? "lost" : $e->getMessage(), "\n";
    }
    var_dump($pdo->isLost(), $pdo->inTransaction(), $pdo->rollBack());
    echo "after: ", $pdo->query('SELECT 5')->fetchColumn(), ", round ", $pdo->getRound(), "\n";

    // An SQL error is no lost connection: it comes through unchanged, no reconnect.
    try {
        $pdo->query('SELECT * FROM no_such_table');
    } catch (PDOException $e) {
        echo "sql error: ", $e->errorInfo[1], ", round ", $pdo->getRound(), "\n";
    }
    try {
        clone $pdo;
    } catch (Error $e) {
        echo "clone refused\n";
    }
    $pool->put($pdo);
    $pool->put($killer);
    $pool->close();
});

// A server that is not there: get() reports the connect error; a full pool times out with false.
Co\run(function () {
    $dir = sys_get_temp_dir() . '/gust-no-mysql-' . getmypid();
    $pool = new PDOPool((new PDOConfig())->withUnixSocket("$dir/none.sock"), 1);
    try {
        $pool->get(0.1);
    } catch (PDOException $e) {
        echo "down: ", $e->errorInfo[1] ?? $e->getCode(), "\n";
    }
});
?>
--EXPECTF--
3 connections; in turns
bool(true)
bool(true)
reconnected: yes, round 1, row [7]
statement: 42, round 2
bool(true)
in transaction: lost
bool(true)
bool(false)
bool(true)
after: 5, round 3
sql error: %d, round 3
clone refused
down: 2002

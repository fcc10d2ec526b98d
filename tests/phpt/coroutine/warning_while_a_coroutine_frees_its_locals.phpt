--TEST--
Coroutine: a warning raised by an extension while a coroutine's function frees its locals (a mysqli statement left open on a lost connection) is reported, not a crash
--EXTENSIONS--
gust
mysqlnd
mysqli
--SKIPIF--
<?php
if (!getenv("GUST_TEST_MYSQL_SOCKET")) die("skip no MariaDB fixture (tools/run_tests.py starts one when mariadbd is installed)");
?>
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// Leak checking is off for this test only: when closing a statement fails, PHP's mysqli warns and
// returns before freeing it (php_clear_stmt_bind), a leak of PHP's own that LeakSanitizer reports.
?>
<?php
use Swoole\Database\MysqliConfig;
use Swoole\Database\MysqliPool;

$config = (new MysqliConfig())->withHost('localhost')->withUnixSocket(getenv("GUST_TEST_MYSQL_SOCKET"))
    ->withDbname('information_schema')->withUsername('root')->withPassword('');
Co\run(function () use ($config) {
    $pool = new MysqliPool($config, 2);
    $db = $pool->get();
    $killer = $pool->get();
    $stmt = $db->prepare('SELECT ? + 1');
    $in = 41;
    $stmt->bind_param('i', $in);
    $killer->query('KILL ' . $db->thread_id);
    $stmt->execute();  // the proxy reconnects and prepares again
    $stmt->bind_result($out);
    $stmt->fetch();
    echo "statement: $out\n";
    $db->begin_transaction();
    $killer->query('KILL ' . $db->thread_id);
    foreach (['SELECT 1', 'SELECT 5'] as $sql) {
        try {
            $db->query($sql);
        } catch (mysqli_sql_exception $e) {
            echo "query failed: ", $e->getCode(), "\n";
        }
    }
    echo "returning with the statement open\n";
    // $stmt is freed as this function returns, after the engine has left its frame.
});
echo "done\n";
?>
--EXPECTF--
statement: 42
query failed: %d
query failed: %d
returning with the statement open

Warning: %s: Error occurred while closing statement in %s on line %d
done

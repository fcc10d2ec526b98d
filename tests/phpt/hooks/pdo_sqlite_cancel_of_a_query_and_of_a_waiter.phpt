--TEST--
PDO SQLite hook and Co::cancel(): a coroutine canceled while its query runs on a pool thread resumes with the query's full result; one canceled while waiting for the connection gets a PDOException; the connection stays usable
--EXTENSIONS--
gust
pdo
pdo_sqlite
--FILE--
<?php
$cte = fn($n) => "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < $n) SELECT sum(x) FROM c";
Co\run(function () use ($cte) {
    $pdo = new PDO('sqlite::memory:', null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
    $started = new Swoole\Coroutine\Channel(1);
    $a = go(function () use ($pdo, $cte, $started) {
        $stmt = $pdo->prepare($cte(200000));
        $started->push(true);
        // The step runs on a pool thread; the cancel comes meanwhile (a canceled coroutine's later
        // waits fail, so nothing here waits again: fetching the one row is no SQLite call).
        $stmt->execute();
        $r = $stmt->fetchColumn();
        echo "running query: ", $r, ", canceled: ", var_export(Co::isCanceled(), true), "\n";
    });
    $started->pop();
    // The push ran this coroutine at once (channel hand-over): parking here hands control back to
    // a, which goes on until its step waits on the pool thread; then b waits for the connection.
    Co::sleep(0);
    $b = go(function () use ($pdo) {
        try {
            $pdo->query('SELECT 42')->fetchColumn();
            echo "waiter: no exception\n";
        } catch (PDOException $e) {
            echo "waiter: ", get_class($e), " ", $e->getCode(), " ", $e->getMessage(), " ", json_encode($e->errorInfo), "\n";
        }
    });
    var_dump(Co::cancel($b), Co::cancel($a));
    var_dump($pdo->query('SELECT 7')->fetchColumn());
});
?>
--EXPECT--
bool(true)
bool(true)
waiter: PDOException HY000 SQLSTATE[HY000]: General error: 9 interrupted (coroutine canceled while waiting for the connection) ["HY000",9,"interrupted"]
running query: 20000100000, canceled: true
int(7)

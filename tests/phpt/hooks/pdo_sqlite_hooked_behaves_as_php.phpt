--TEST--
PDO SQLite with SWOOLE_HOOK_PDO_SQLITE: two coroutines on one connection take turns with correct results; errors, transactions, PHP-defined functions and code outside coroutines behave as plain PHP
--EXTENSIONS--
gust
pdo
pdo_sqlite
--FILE--
<?php
$file = sys_get_temp_dir() . '/gust_sqlite_shared_' . getmypid() . '.db';
$pdo = new PDO("sqlite:$file", null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
$pdo->exec('CREATE TABLE t (id INTEGER PRIMARY KEY, owner INTEGER, v TEXT)');

// The errors of plain PHP, to compare with the hooked ones.
$errors = function (PDO $pdo) {
    $out = [];
    foreach (['SELEC 1', 'SELECT * FROM missing', 'INSERT INTO t (id) VALUES (1), (1)'] as $sql) {
        try { $pdo->query($sql); $out[] = 'no error'; }
        catch (PDOException $e) { $out[] = get_class($e) . ' ' . $e->getCode() . ' ' . $e->getMessage() . ' ' . json_encode($e->errorInfo); }
    }
    // A failing step of a prepared statement.
    $insert = $pdo->prepare('INSERT INTO t (id, owner) VALUES (?, 0)');
    try { $insert->execute([1000]); $insert->execute([1000]); $out[] = 'no error'; }
    catch (PDOException $e) { $out[] = $e->getMessage() . ' ' . json_encode($insert->errorInfo()); }
    finally { $pdo->exec('DELETE FROM t WHERE id = 1000'); }
    return $out;
};
$plain = $errors($pdo);
echo implode("\n", $plain), "\n";

Co\run(function () use ($pdo, $errors, $plain) {
    var_dump((Swoole\Runtime::getHookFlags() & SWOOLE_HOOK_PDO_SQLITE) !== 0);
    // Two coroutines on ONE connection: each statement runs whole, in turn.
    $wg = new Swoole\Coroutine\WaitGroup();
    foreach ([1, 2] as $owner) {
        $wg->add();
        go(function () use ($pdo, $owner, $wg) {
            $insert = $pdo->prepare('INSERT INTO t (owner, v) VALUES (?, ?)');
            for ($i = 0; $i < 50; $i++) {
                $insert->execute([$owner, "$owner-$i"]);
                $row = $pdo->query('SELECT owner, v FROM t WHERE id = ' . (int) $pdo->lastInsertId())->fetch(PDO::FETCH_NUM);
                if ($row[0] != $owner) echo "coroutine $owner read another's row\n";
            }
            $wg->done();
        });
    }
    $wg->wait();
    var_dump($pdo->query('SELECT owner, count(*), count(DISTINCT v) FROM t GROUP BY owner')->fetchAll(PDO::FETCH_NUM));
    // The same errors as plain PHP.
    var_dump($errors($pdo) === $plain);
    // Transactions.
    $pdo->beginTransaction();
    $pdo->exec("INSERT INTO t (owner, v) VALUES (3, 'rolled back')");
    $pdo->rollBack();
    var_dump($pdo->query('SELECT count(*) FROM t WHERE owner = 3')->fetchColumn());
    // A PHP-defined function runs on this thread (never on a pool thread) and may yield.
    $pdo->sqliteCreateFunction('php_twice', function ($x) { Co::sleep(0.001); return $x * 2; }, 1);
    var_dump($pdo->query('SELECT php_twice(21)')->fetchColumn());
    $other = new PDO('sqlite::memory:');
    $other->sqliteCreateCollation('reverse', fn($a, $b) => strcmp($b, $a));
    $other->exec("CREATE TABLE s (v TEXT); INSERT INTO s VALUES ('a'), ('c'), ('b')");
    var_dump($other->query('SELECT group_concat(v) FROM (SELECT v FROM s ORDER BY v COLLATE reverse)')->fetchColumn());
});

// Outside coroutines: unchanged.
var_dump($pdo->query('SELECT count(*) FROM t')->fetchColumn(), $errors($pdo) === $plain);
unset($pdo);
@unlink($file);
?>
--EXPECTF--
PDOException HY000 SQLSTATE[HY000]: General error: 1 near "SELEC": syntax error ["HY000",1,"near \"SELEC\": syntax error"]
PDOException HY000 SQLSTATE[HY000]: General error: 1 no such table: missing ["HY000",1,"no such table: missing"]
PDOException 23000 SQLSTATE[23000]: Integrity constraint violation: 19 UNIQUE constraint failed: t.id ["23000",19,"UNIQUE constraint failed: t.id"]
SQLSTATE[23000]: Integrity constraint violation: 19 UNIQUE constraint failed: t.id ["23000",19,"UNIQUE constraint failed: t.id"]
bool(true)
array(2) {
  [0]=>
  array(3) {
    [0]=>
    int(1)
    [1]=>
    int(50)
    [2]=>
    int(50)
  }
  [1]=>
  array(3) {
    [0]=>
    int(2)
    [1]=>
    int(50)
    [2]=>
    int(50)
  }
}
bool(true)
int(0)
int(42)
string(5) "c,b,a"
int(100)
bool(true)

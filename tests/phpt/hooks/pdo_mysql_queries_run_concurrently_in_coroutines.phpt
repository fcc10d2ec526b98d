--TEST--
PDO MySQL (mysqlnd over a hooked unix socket): two coroutines' SELECT SLEEP(0.2) finish together in about 0.2 s, not 0.4 s
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
$dsn = "mysql:unix_socket=" . getenv("GUST_TEST_MYSQL_SOCKET");
$results = [];
$t = microtime(true);
Co\run(function () use ($dsn, &$results) {
    foreach ([1, 2] as $i) {
        go(function () use ($dsn, $i, &$results) {
            $pdo = new PDO($dsn, "root", "", [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
            $results[] = $pdo->query("SELECT SLEEP(0.2) AS s, $i AS i")->fetch(PDO::FETCH_ASSOC);
        });
    }
});
$elapsed = microtime(true) - $t;
usort($results, fn($a, $b) => $a["i"] <=> $b["i"]);
echo json_encode($results), "\n";
var_dump($elapsed >= 0.19, $elapsed < 0.35);
// Hooks off: the same queries run one after the other.
Co::set(["hook_flags" => 0]);
$t = microtime(true);
Co\run(function () use ($dsn) {
    foreach ([1, 2] as $i) go(function () use ($dsn) { (new PDO($dsn, "root", ""))->query("SELECT SLEEP(0.2)")->fetchAll(); });
});
var_dump(microtime(true) - $t >= 0.39);
?>
--EXPECT--
[{"s":0,"i":1},{"s":0,"i":2}]
bool(true)
bool(true)
bool(true)

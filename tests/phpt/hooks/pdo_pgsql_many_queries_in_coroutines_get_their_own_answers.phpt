--TEST--
PDO pgsql hooked: 20 coroutines x 50 queries each on their own connections (plain, server-side prepared, and PQexecParams statements) all get their own answers
--EXTENSIONS--
gust
pdo
pdo_pgsql
--SKIPIF--
<?php require __DIR__ . "/pdo_pgsql_skipif.inc"; ?>
--FILE--
<?php
require __DIR__ . "/pdo_pgsql.inc";
$wrong = [];
$count = 0;
Co\run(function () use (&$wrong, &$count) {
    for ($c = 0; $c < 20; $c++) {
        go(function () use ($c, &$wrong, &$count) {
            // One third each: query(), prepare()+execute() (PQprepare/PQexecPrepared), and without
            // server-side prepares (PQexecParams).
            $pdo = pg_connect($c % 3 == 2 ? [PDO::PGSQL_ATTR_DISABLE_PREPARES => true] : []);
            $stmt = $pdo->prepare("SELECT ?::int * 1000 + ?::int AS v, repeat('x', ?::int) AS pad");
            for ($q = 0; $q < 50; $q++) {
                if ($c % 3 == 0) {
                    $row = $pdo->query("SELECT $c * 1000 + $q AS v, repeat('x', $q) AS pad")->fetch(PDO::FETCH_ASSOC);
                } else {
                    $stmt->execute([$c, $q, $q]);
                    $row = $stmt->fetch(PDO::FETCH_ASSOC);
                    $stmt->closeCursor();
                }
                if ($row["v"] !== $c * 1000 + $q || $row["pad"] !== str_repeat("x", $q)) $wrong[] = [$c, $q, $row];
                $count++;
                if ($q % 10 == 0) usleep(1000);  // let the coroutines interleave
            }
        });
    }
});
var_dump($count, $wrong);
?>
--EXPECT--
int(1000)
array(0) {
}

--TEST--
PDO pgsql (SWOOLE_HOOK_PDO_PGSQL): a DSN's host name is resolved by libpq's getaddrinfo() on the blocking-call pool inside coroutines (an address needs no lookup); an unknown name fails as in plain PHP
--EXTENSIONS--
gust
pdo
pdo_pgsql
--SKIPIF--
<?php require __DIR__ . "/pdo_pgsql_skipif.inc"; ?>
--FILE--
<?php
require __DIR__ . "/pdo_pgsql.inc";
function dsn_for(string $host): string {
    return sprintf("pgsql:host=%s;port=%s;dbname=postgres;gssencmode=disable", $host, getenv("GUST_TEST_PGSQL_PORT"));
}
function failure(string $host): string {
    try {
        new PDO(dsn_for($host), "postgres", "");
        return "connected";
    } catch (PDOException $e) {
        return $e->getMessage();
    }
}
$plainFailure = failure("no-such-host.invalid");

Co\run(function () use ($plainFailure) {
    $threads = fn() => Co::stats()["aio_worker_num"];
    $before = $threads();
    // By address: libpq's getaddrinfo() of a numeric host is immediate, the pool is not used.
    $pdo = new PDO(dsn_for("127.0.0.1"), "postgres", "");
    var_dump($pdo->query("SELECT 1")->fetchColumn());
    var_dump($before, $threads());
    // By name, from 5 coroutines at once: each lookup goes to the pool and each connection works.
    $wg = new Swoole\Coroutine\WaitGroup();
    $answers = [];
    for ($i = 0; $i < 5; $i++) {
        $wg->add();
        go(function () use ($i, $wg, &$answers) {
            $pdo = new PDO(dsn_for("localhost"), "postgres", "");
            $answers[$i] = (int) $pdo->query("SELECT $i + 100")->fetchColumn();
            $wg->done();
        });
    }
    $wg->wait();
    ksort($answers);
    echo implode(",", $answers), "\n";
    var_dump($threads() >= 1);
    // A name that does not resolve: the same PDOException as plain PHP's.
    $hooked = failure("no-such-host.invalid");
    var_dump($hooked === $plainFailure);
    echo str_contains($hooked, "could not translate host name") ? "unknown host reported\n" : "unexpected: $hooked\n";
});
?>
--EXPECT--
int(1)
int(0)
int(0)
100,101,102,103,104
bool(true)
bool(true)
unknown host reported

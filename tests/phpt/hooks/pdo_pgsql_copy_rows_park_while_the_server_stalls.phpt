--TEST--
PDO pgsql (SWOOLE_HOOK_PDO_PGSQL): pgsqlCopyFromArray() of 32 MB into a server that stalls for 0.5 s parks the coroutine inside libpq's write (the loop keeps ticking) and every row arrives; with the flag off the write blocks the loop
--EXTENSIONS--
gust
pdo
pdo_pgsql
--SKIPIF--
<?php require __DIR__ . "/pdo_pgsql_skipif.inc"; ?>
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . "/pdo_pgsql.inc";
// 8,000 rows of 4 KiB: more than the loopback socket buffers hold (a few MB each way), so the
// client must wait while the server, stalled by its trigger on the first row, reads nothing.
$rows = [];
for ($i = 1; $i <= 8000; $i++) $rows[] = $i . "\t" . str_repeat(chr(97 + $i % 26), 4096);

function copy_with_ticker(array $rows): array {
    $out = [];
    Co\run(function () use ($rows, &$out) {
        $pdo = pg_connect();
        $pdo->exec("CREATE TEMP TABLE copy_park (id int, pad text)");
        $pdo->exec("CREATE FUNCTION pg_temp.copy_park_stall() RETURNS trigger AS \$\$ BEGIN IF NEW.id = 1 THEN PERFORM pg_sleep(0.5); END IF; RETURN NEW; END \$\$ LANGUAGE plpgsql");
        $pdo->exec("CREATE TRIGGER copy_park_stall BEFORE INSERT ON copy_park FOR EACH ROW EXECUTE FUNCTION pg_temp.copy_park_stall()");
        $done = false;
        $gap = 0.0;
        $ticker = new Swoole\Coroutine\WaitGroup(1);
        go(function () use (&$done, &$gap, $ticker) {
            $last = microtime(true);
            while (!$done) {
                Co::sleep(0.01);
                $now = microtime(true);
                $gap = max($gap, $now - $last);
                $last = $now;
            }
            $ticker->done();
        });
        $t = microtime(true);
        $ok = $pdo->pgsqlCopyFromArray("copy_park", $rows);
        $elapsed = microtime(true) - $t;
        $done = true;
        $ticker->wait();  // its last tick measures a loop that was blocked until now
        $check = $pdo->query("SELECT count(*), sum(length(pad)), min(id), max(id) FROM copy_park")->fetch(PDO::FETCH_NUM);
        $out = [$ok, $elapsed, $gap, $check];
    });
    return $out;
}

[$ok, $elapsed, $gap, $check] = copy_with_ticker($rows);
var_dump($ok, $check);
echo "the server stalled the copy: ", $elapsed >= 0.45 ? "yes" : "no ($elapsed s)", "\n";
echo "ticker gap under 200 ms: ", $gap < 0.2 ? "yes" : sprintf("no (%.3f s)", $gap), "\n";

Co::set(["hook_flags" => SWOOLE_HOOK_ALL & ~SWOOLE_HOOK_PDO_PGSQL]);
[$ok, $elapsed, $gap, $check] = copy_with_ticker($rows);
var_dump($ok, $check[0]);
echo "flag off, the loop stalled with the write: ", $gap >= 0.4 ? "yes" : sprintf("no (%.3f s)", $gap), "\n";
?>
--EXPECT--
bool(true)
array(4) {
  [0]=>
  int(8000)
  [1]=>
  int(32768000)
  [2]=>
  int(1)
  [3]=>
  int(8000)
}
the server stalled the copy: yes
ticker gap under 200 ms: yes
bool(true)
int(8000)
flag off, the loop stalled with the write: yes

--TEST--
Swoole\Table is an Iterator: foreach yields every row once with its key (including rows chained through overflow rows and after deletes), manual rewind/valid/current/key/next, an empty table yields nothing
--EXTENSIONS--
gust
--FILE--
<?php
$t = new Swoole\Table(64, 1);
$t->column('v', Swoole\Table::TYPE_INT);
$t->create();
foreach ($t as $k => $row) echo "never\n";
var_dump($t instanceof Iterator, $t instanceof Countable);
for ($i = 0; $i < 100; $i++) $t->set("k$i", ['v' => $i]);
for ($i = 0; $i < 100; $i += 4) $t->del("k$i");
$seen = [];
foreach ($t as $k => $row) {
    if (isset($seen[$k])) echo "twice: $k\n";
    $seen[$k] = $row['v'];
}
ksort($seen);
$ok = count($seen) === 75;
foreach ($seen as $k => $v) $ok = $ok && $k === "k$v" && $v % 4 !== 0;
var_dump($ok, count($t));
$t->rewind();
var_dump($t->valid(), is_string($t->key()), is_array($t->current()));
$n = 0;
for ($t->rewind(); $t->valid(); $t->next()) $n++;
var_dump($n, $t->valid(), $t->key(), $t->current());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(75)
bool(true)
bool(true)
bool(true)
int(75)
bool(false)
NULL
NULL

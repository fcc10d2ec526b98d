--TEST--
Swoole\Table full: once the overflow rows are used up, set() of a new key is false with a warning; every stored row keeps its value, existing keys are still updated, and deleting frees room again
--EXTENSIONS--
gust
--FILE--
<?php
$t = new Swoole\Table(64, 0.2);  // 64 bucket rows, 12 overflow rows
$t->column('v', Swoole\Table::TYPE_INT);
$t->create();
$stored = [];
$refused = 0;
for ($i = 0; $i < 500; $i++) {
    if (@$t->set("key$i", ['v' => $i])) $stored["key$i"] = $i;
    else $refused++;
}
var_dump($refused > 0, count($stored) <= 76, count($t) === count($stored));
$ok = true;
foreach ($stored as $k => $v) $ok = $ok && $t->get($k, 'v') === $v && $t->set($k, ['v' => $v + 1]);
var_dump($ok);
// A refused key, with its warning
foreach (range(0, 499) as $i) if (!isset($stored["key$i"])) { $missing = "key$i"; break; }
var_dump($t->set($missing, ['v' => 1]));
var_dump($t->exists($missing));
foreach ($stored as $k => $v) $t->del($k);
var_dump(count($t), $t->set($missing, ['v' => 1]));
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
bool(true)

Warning: Swoole\Table::set(): failed to set('key%d'): the table is full (no free row for a new key) in %s on line %d
bool(false)
bool(false)
int(0)
bool(true)

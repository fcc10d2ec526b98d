--TEST--
Swoole\Table: column()/create(), sizes and properties, set/get (whole row, one field, unknown field), exists/exist, del, incr/decr on int and float columns (creating the row), count()/Countable, stats(), getMemorySize() before and after create(), destroy()
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Table;
var_dump([Table::TYPE_INT, Table::TYPE_FLOAT, Table::TYPE_STRING]);
$t = new Table(1000, 0.5);
var_dump($t->getSize(), $t->size, $t->getMemorySize(), $t->stats());
var_dump($t->column('id', Table::TYPE_INT), $t->column('name', Table::TYPE_STRING, 16), $t->column('num', Table::TYPE_FLOAT));
var_dump($t->column('i8', Table::TYPE_INT, 1));
var_dump($t->create(), $t->getMemorySize() > 1024 * 32, $t->memorySize === $t->getMemorySize());
var_dump($t->set('a', ['id' => 1, 'name' => 'alpha', 'num' => 1.25, 'unknown' => 'ignored']));
var_dump($t->get('a'));
var_dump($t->get('a', 'name'), $t->get('a', 'num'), $t->get('a', 'nope'), $t->get('missing'), $t->get('missing', 'id'));
var_dump($t->set('a', ['id' => 2]), $t->get('a', 'name'));  // other columns keep their values
var_dump($t->exists('a'), $t->exist('a'), $t->exists('b'));
var_dump($t->incr('a', 'id'), $t->incr('a', 'id', 10), $t->decr('a', 'id', 3), $t->decr('a', 'id'));
var_dump($t->incr('a', 'num', 0.5), $t->decr('a', 'num', 2));
var_dump($t->incr('new', 'id', 7), $t->get('new'));  // a new row starts zeroed
var_dump($t->incr('a', 'i8', 127), $t->incr('a', 'i8'));  // wraps within a 1-byte column
var_dump(count($t), $t->count());
var_dump($t->del('new'), $t->del('new'), $t->exists('new'), count($t));
$s = $t->stats();
var_dump($s['num'], $s['insert_count'], $s['update_count'], $s['delete_count'], $s['total_slice_num'], $s['available_slice_num'] === $s['total_slice_num']);
var_dump($t->destroy(), $t->destroy(), $t->getMemorySize(), $t->stats());
try { $t->get('a'); } catch (Swoole\Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
?>
--EXPECT--
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
int(1024)
int(1024)
int(0)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
array(4) {
  ["id"]=>
  int(1)
  ["name"]=>
  string(5) "alpha"
  ["num"]=>
  float(1.25)
  ["i8"]=>
  int(0)
}
string(5) "alpha"
float(1.25)
bool(false)
bool(false)
bool(false)
bool(true)
string(5) "alpha"
bool(true)
bool(true)
bool(false)
int(3)
int(13)
int(10)
int(9)
float(1.75)
float(-0.25)
int(7)
array(4) {
  ["id"]=>
  int(7)
  ["name"]=>
  string(0) ""
  ["num"]=>
  float(0)
  ["i8"]=>
  int(0)
}
int(127)
int(-128)
int(2)
int(2)
bool(true)
bool(false)
bool(false)
int(1)
int(1)
int(2)
int(1)
int(1)
int(512)
bool(true)
bool(true)
bool(false)
int(0)
bool(false)
Swoole\Error: table is not created or has been destroyed

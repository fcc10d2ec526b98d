--TEST--
Swoole\Table fast paths: column names made at run time (not interned) find their columns in get() and incr(); rows staged on the stack (small) and on the heap (over 512 bytes) round-trip; get()'s array has every column in order; an incr() whose $by warns, with a handler that destroys the table, throws instead of touching it
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Table;
$small = new Table(64);
$small->column('count', Table::TYPE_INT);
$small->column('ratio', Table::TYPE_FLOAT);
$small->column('name', Table::TYPE_STRING, 8);
$small->create();
$big = new Table(64);
$big->column('count', Table::TYPE_INT);
$big->column('blob', Table::TYPE_STRING, 2000);
$big->create();

$col = implode('', ['co', 'unt']);  // a string made at run time
var_dump($small->set('a', ['name' => 'x', 'count' => 5]));
var_dump($small->get('a'));
var_dump($small->get('a', $col), $small->incr('a', $col), $small->incr('a', $col, 10), $small->decr('a', $col, 2));
var_dump($small->incr('a', 'ratio', 1.5), $small->get('a', implode('', ['ra', 'tio'])));
var_dump($small->get('a', 'nope'), $small->get('missing'));

$blob = str_repeat('b', 1500);
var_dump($big->set('k', ['count' => 7, 'blob' => $blob]));
$row = $big->get('k');
var_dump($row['count'], $row['blob'] === $blob, array_keys($row));
var_dump($big->set('k', ['count' => 8]), $big->get('k', 'blob') === $blob, $big->get('k', $col));

set_error_handler(function ($no, $msg) use ($small) {
    echo "warning: $msg\n";
    $small->destroy();
    return true;
});
try {
    $small->incr('a', 'count', new stdClass());
} catch (Swoole\Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
array(3) {
  ["count"]=>
  int(5)
  ["ratio"]=>
  float(0)
  ["name"]=>
  string(1) "x"
}
int(5)
int(6)
int(16)
int(14)
float(1.5)
float(1.5)
bool(false)
bool(false)
bool(true)
int(7)
bool(true)
array(2) {
  [0]=>
  string(5) "count"
  [1]=>
  string(4) "blob"
}
bool(true)
bool(true)
int(8)
warning: Object of class stdClass could not be converted to int
Swoole\Error: table is not created or has been destroyed

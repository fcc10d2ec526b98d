--TEST--
Swoole\Table bad input: a size below 1 (ValueError), an unknown column type, a duplicate or empty column name, a string column without a size, a column after create(), create() twice or without columns (warnings, false); use before create() or after destroy() (Swoole\Error); a key over 63 bytes, incr on an unknown or a string column (warnings, false); a string over the column's size is cut with a warning
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Table;
function attempt(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
attempt(fn() => new Table(0));
attempt(fn() => new Table(-5));
$t = new Table(64);
attempt(fn() => $t->set('a', ['x' => 1]));
attempt(fn() => $t->get('a'));
attempt(fn() => count($t));
attempt(fn() => $t->create());
attempt(fn() => $t->column('x', 9));
attempt(fn() => $t->column('', Table::TYPE_INT));
attempt(fn() => $t->column('s', Table::TYPE_STRING));
attempt(fn() => $t->column('s', Table::TYPE_STRING, 4));
attempt(fn() => $t->column('s', Table::TYPE_INT));
attempt(fn() => $t->column('n', Table::TYPE_INT));
attempt(fn() => $t->create());
attempt(fn() => $t->create());
attempt(fn() => $t->column('late', Table::TYPE_INT));
attempt(fn() => $t->set(str_repeat('k', 63), ['n' => 1]));
attempt(fn() => $t->set(str_repeat('k', 64), ['n' => 1]));
attempt(fn() => $t->get(str_repeat('k', 64)));
attempt(fn() => $t->incr('a', 'nope'));
attempt(fn() => $t->incr('a', 's'));
attempt(fn() => $t->set('a', ['s' => 'abcdefgh']));
attempt(fn() => $t->get('a', 's'));
attempt(fn() => $t->set('a', 'not an array'));
attempt(fn() => $t->set('a', ['s' => []]));
attempt(fn() => $t->set('b', ['n' => new stdClass]));
attempt(fn() => clone $t);
attempt(fn() => serialize($t));
$t->destroy();
attempt(fn() => $t->set('a', ['n' => 1]));
attempt(fn() => $t->incr('a', 'n'));
?>
--EXPECTF--
ValueError: Swoole\Table::__construct(): Argument #1 ($table_size) must be greater than 0
ValueError: Swoole\Table::__construct(): Argument #1 ($table_size) must be greater than 0
Swoole\Error: table is not created or has been destroyed
Swoole\Error: table is not created or has been destroyed
Swoole\Error: table is not created or has been destroyed

Warning: Swoole\Table::create(): the table has no column in %s on line %d
bool(false)

Warning: Swoole\Table::column(): unknown column type 9 in %s on line %d
bool(false)

Warning: Swoole\Table::column(): the column name is empty in %s on line %d
bool(false)

Warning: Swoole\Table::column(): the size of a string column must be 1 to 2147483647 bytes, 0 given in %s on line %d
bool(false)
bool(true)

Warning: Swoole\Table::column(): column[s] already exists in %s on line %d
bool(false)
bool(true)
bool(true)

Warning: Swoole\Table::create(): the table has already been created in %s on line %d
bool(false)

Warning: Swoole\Table::column(): unable to add column after table has been created in %s on line %d
bool(false)
bool(true)

Warning: Swoole\Table::set(): key[kkkkkkkkkkkkkkkk...] is too long: at most 63 bytes in %s on line %d
bool(false)

Warning: Swoole\Table::get(): key[kkkkkkkkkkkkkkkk...] is too long: at most 63 bytes in %s on line %d
bool(false)

Warning: Swoole\Table::incr(): column[nope] does not exist in %s on line %d
bool(false)

Warning: Swoole\Table::incr(): can't execute 'incr' on a string type column in %s on line %d
bool(false)

Warning: Swoole\Table::set(): [key=a,field=s] the value (8 bytes) is cut to the column's 4 in %s on line %d
bool(true)
string(4) "abcd"
TypeError: Swoole\Table::set(): Argument #2 ($value) must be of type array, string given

Warning: Array to string conversion in %s on line %d

Warning: Swoole\Table::set(): [key=a,field=s] the value (5 bytes) is cut to the column's 4 in %s on line %d
bool(true)

Warning: Object of class stdClass could not be converted to int in %s on line %d
bool(true)
Error: Trying to clone an uncloneable object of class Swoole\Table
Exception: Serialization of 'Swoole\Table' is not allowed
Swoole\Error: table is not created or has been destroyed
Swoole\Error: table is not created or has been destroyed

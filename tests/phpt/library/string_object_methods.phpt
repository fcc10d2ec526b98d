--TEST--
Swoole\StringObject: swoole_string()/_string() and every method family (search, case, trim, substr, replace, split, chunk, char, append)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\ArrayObject;
use Swoole\StringObject;

$s = swoole_string('Hello, World');
var_dump($s instanceof StringObject, $s instanceof Stringable, get_class(_string('x')));
var_dump($s->length(), (string) $s, $s->toString(), StringObject::from('f')->toString());

echo "-- search\n";
var_dump($s->indexOf('o'), $s->indexOf('o', 5), $s->indexOf('zz'));
var_dump($s->lastIndexOf('o'), $s->pos('World'), $s->rpos('l'), $s->ipos('WORLD'), $s->ipos('nope'));
var_dump($s->startsWith('Hello'), $s->startsWith('World'), $s->endsWith('World'), $s->endsWith('Hello'));
var_dump($s->endsWith('A longer needle than the string'), $s->contains(', '), $s->contains('x'));
var_dump($s->equals('Hello, World'), $s->equals(swoole_string('Hello, World'), true), $s->equals('hello'));
var_dump(swoole_string('1')->equals(1), swoole_string('1')->equals(1, true));

echo "-- new objects\n";
var_dump((string) $s->lower(), (string) $s->upper(), (string) $s->reverse(), (string) $s->repeat(2));
var_dump((string) $s->substr(7), (string) $s->substr(-5, 3), (string) $s->substr(0, 5));
var_dump((string) swoole_string("  pad \n")->trim(), (string) swoole_string('xxpadxx')->trim('x'));
var_dump((string) swoole_string('  pad  ')->ltrim(), (string) swoole_string('  pad  ')->rtrim());
$count = 0;
var_dump((string) $s->replace('o', '0', $count), $count, (string) $s);
var_dump((string) swoole_string('abcdef')->chunkSplit(2, '|'), bin2hex((string) swoole_string('abc')->chunkSplit(2)));

echo "-- arrays\n";
$parts = swoole_string('a,b,c')->split(',');
var_dump($parts instanceof ArrayObject, $parts->toArray(), swoole_string('a,b,c')->split(',', 2)->toArray());
var_dump(swoole_string('abcde')->chunk(2)->toArray(), swoole_string('ab')->chunk()->count());

echo "-- char\n";
$abc = swoole_string('abc');
var_dump($abc->char(0), $abc->char(2), $abc->char(-1), $abc->char(3), $abc->char(100), $abc->char(-4));

echo "-- append changes the object too\n";
$t = swoole_string('ab');
$u = $t->append('cd')->append(5);
var_dump((string) $t, (string) $u, $u !== $t);

echo "-- a subclass keeps its class\n";
class Upper extends StringObject {}
var_dump(get_class(Upper::from('x')->upper()), get_class((new Upper('a,b'))->split(',')));

echo "-- bad input\n";
try {
    swoole_string('abc')->split('');
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    swoole_string([]);
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
bool(true)
string(19) "Swoole\StringObject"
int(12)
string(12) "Hello, World"
string(12) "Hello, World"
string(1) "f"
-- search
int(4)
int(8)
bool(false)
int(8)
int(7)
int(10)
int(7)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
-- new objects
string(12) "hello, world"
string(12) "HELLO, WORLD"
string(12) "dlroW ,olleH"
string(24) "Hello, WorldHello, World"
string(5) "World"
string(3) "Wor"
string(5) "Hello"
string(3) "pad"
string(3) "pad"
string(5) "pad  "
string(5) "  pad"
string(12) "Hell0, W0rld"
int(2)
string(12) "Hello, World"
string(9) "ab|cd|ef|"
string(14) "61620d0a630d0a"
-- arrays
bool(true)
array(3) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "c"
}
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(3) "b,c"
}
array(3) {
  [0]=>
  string(2) "ab"
  [1]=>
  string(2) "cd"
  [2]=>
  string(1) "e"
}
int(2)
-- char
string(1) "a"
string(1) "c"
string(1) "c"
string(0) ""
string(0) ""
string(0) ""
-- append changes the object too
string(4) "abcd"
string(5) "abcd5"
bool(true)
-- a subclass keeps its class
string(5) "Upper"
string(18) "Swoole\ArrayObject"
-- bad input
ValueError: explode(): Argument #1 ($separator) cannot be empty
TypeError: swoole_string(): Argument #1 ($string) must be of type string, array given

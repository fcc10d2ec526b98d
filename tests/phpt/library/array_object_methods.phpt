--TEST--
Swoole\ArrayObject: swoole_array()/_array()/swoole_array_list(), keyed access, ends, searching, new arrays, sorts, ArrayAccess/Countable/Iterator/serialize
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\ArrayObject;
use Swoole\StringObject;

$a = swoole_array(['x' => 'str', 'n' => 5, 'list' => [1, 2], 'nul' => null]);
var_dump($a instanceof ArrayAccess, $a instanceof Countable, $a instanceof Iterator, $a instanceof Serializable);
var_dump(get_class(_array()), _array()->isEmpty(), $a->isEmpty(), count($a), $a->count());

echo "-- get wraps strings and arrays\n";
var_dump($a->get('x') instanceof StringObject, (string) $a->get('x'), $a->get('n'));
var_dump($a->get('list') instanceof ArrayObject, $a->get('list')->toArray() === [1, 2], $a->get('nul'));
var_dump($a->getOr('missing', 'dflt'), (string) $a->getOr('x'), $a->exists('nul'), $a->exists('missing'));
var_dump((string) $a->first(), $a->last(), $a->firstKey(), $a->lastKey(), _array()->first(), _array()->lastKey());

echo "-- ArrayAccess gives plain values\n";
var_dump($a['x'], $a['missing'], isset($a['n']), isset($a['nul']), isset($a['missing']));
$a['y'] = 'new';
$a[] = 'appended';
unset($a['n']);
var_dump($a->toArray());

echo "-- set/delete/remove/clear chain\n";
$b = swoole_array([1, '1', 2, 1]);
var_dump($b->remove('1')->toArray(), $b->remove(1, true, true)->toArray());
var_dump(swoole_array()->set('k', 'v')->set('j', 1)->delete('k')->toArray(), swoole_array([1])->clear()->count());

echo "-- searching\n";
$c = swoole_array([1, '2', 3, 2, '2']);
var_dump($c->contains(2), $c->contains(5), $c->contains('3', false));
var_dump($c->indexOf('2'), $c->indexOf(2), $c->indexOf(9), $c->lastIndexOf('2'), $c->lastIndexOf(2, false), $c->lastIndexOf(9));
var_dump($c->search(3), $c->keys('2')->toArray());

echo "-- ends\n";
$d = swoole_array([2]);
var_dump($d->push(3), $d->pushBack(4), $d->pushFront(1), $d->append(5, 6)->toArray());
var_dump($d->pop(), $d->popBack(), $d->popFront(), $d->insert(1, [9])->insert(0, 'z')->toArray());
var_dump(swoole_array()->pop(), swoole_array()->popFront());

echo "-- new arrays\n";
$e = swoole_array([3, 1, 2, 1]);
var_dump($e->slice(1, 2)->toArray(), $e->unique()->values()->toArray(), $e->reverse()->toArray());
var_dump($e->map(fn($v) => $v * 10)->toArray(), $e->filter(fn($v) => $v > 1)->toArray());
var_dump($e->reduce(fn($carry, $v) => $carry + $v, 100), $e->sum(), $e->product(), $e->chunk(3)->toArray());
var_dump(swoole_array(['a' => 1, 'b' => 2])->flip()->toArray(), swoole_array([['id' => 7, 'n' => 'x']])->column('n', 'id')->toArray());
var_dump((string) $e->join('-'), $e->toArray());
$seen = [];
$e->each(function (&$v, $k) use (&$seen) { $seen[] = "$k=$v"; $v++; });
var_dump(implode(' ', $seen), $e->toArray());

echo "-- sorts change the object\n";
$f = swoole_array(['b' => 2, 'a' => 3, 'c' => 1]);
var_dump($f->asort()->keys()->toArray(), $f->arsort()->keys()->toArray(), $f->ksort()->keys()->toArray(), $f->krsort()->keys()->toArray());
var_dump($f->uasort(fn($x, $y) => $x <=> $y)->keys()->toArray(), $f->uksort(fn($x, $y) => $x <=> $y)->keys()->toArray());
var_dump($f->sort()->toArray(), $f->rsort()->toArray(), $f->usort(fn($x, $y) => $x <=> $y)->toArray());
var_dump(swoole_array(['img12', 'img10', 'IMG2', 'img1'])->natsort()->values()->toArray(), swoole_array(['img12', 'img10', 'IMG2', 'img1'])->natcasesort()->values()->toArray());
$g = swoole_array(range(1, 20));
var_dump($g->shuffle()->sort()->toArray() === range(1, 20), in_array($g->randomGet(), range(1, 20), true));

echo "-- iteration and serialize\n";
foreach (swoole_array(['k' => 'v', 2 => 'w']) as $k => $v) {
    echo "$k => $v\n";
}
$h = swoole_array(['a', 'b' => [1]]);
$ser = $h->serialize();
var_dump($ser instanceof StringObject, swoole_array()->unserialize($ser)->toArray() === $h->toArray());
var_dump(unserialize(serialize($h)) == $h, get_class(unserialize(serialize($h))));
var_dump(swoole_array_list('a', 1)->toArray(), swoole_array_list()->count(), ArrayObject::from([1])->toArray());

echo "-- swoole_array_default_value\n";
$arr = ['k' => 1, 'nul' => null, 5 => 'five', '' => 'empty'];
var_dump(swoole_array_default_value($arr, 'k'), swoole_array_default_value($arr, 'nul', 'dflt'), swoole_array_default_value($arr, 'no', 'dflt'));
var_dump(swoole_array_default_value($arr, 5), swoole_array_default_value($arr, '5'), swoole_array_default_value($arr, null), swoole_array_default_value($arr, 'no'));

echo "-- missing keys and bad input\n";
foreach (['missing', 42] as $key) {
    try {
        swoole_array(['a' => 1])->get($key);
    } catch (Swoole\Exception\ArrayKeyNotExists $ex) {
        echo get_class($ex), ' (', get_parent_class($ex), '): ', $ex->getMessage(), "\n";
    }
}
try {
    swoole_array()->randomGet();
} catch (ValueError $ex) {
    echo get_class($ex), "\n";
}
try {
    swoole_array_default_value([], []);
} catch (TypeError $ex) {
    echo get_class($ex), ': ', $ex->getMessage(), "\n";
}
try {
    swoole_array('no');
} catch (TypeError $ex) {
    echo get_class($ex), ': ', $ex->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
string(18) "Swoole\ArrayObject"
bool(true)
bool(false)
int(4)
int(4)
-- get wraps strings and arrays
bool(true)
string(3) "str"
int(5)
bool(true)
bool(true)
NULL
string(4) "dflt"
string(3) "str"
bool(true)
bool(false)
string(3) "str"
NULL
string(1) "x"
string(3) "nul"
NULL
NULL
-- ArrayAccess gives plain values
string(3) "str"
NULL
bool(true)
bool(false)
bool(false)
array(5) {
  ["x"]=>
  string(3) "str"
  ["list"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
  ["nul"]=>
  NULL
  ["y"]=>
  string(3) "new"
  [0]=>
  string(8) "appended"
}
-- set/delete/remove/clear chain
array(3) {
  [0]=>
  int(1)
  [2]=>
  int(2)
  [3]=>
  int(1)
}
array(1) {
  [2]=>
  int(2)
}
array(1) {
  ["j"]=>
  int(1)
}
int(0)
-- searching
bool(true)
bool(false)
bool(true)
int(1)
int(3)
bool(false)
int(4)
int(4)
NULL
int(2)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(3)
  [2]=>
  int(4)
}
-- ends
int(2)
int(3)
int(4)
array(6) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
  [3]=>
  int(4)
  [4]=>
  int(5)
  [5]=>
  int(6)
}
int(6)
int(5)
int(1)
array(5) {
  [0]=>
  string(1) "z"
  [1]=>
  int(2)
  [2]=>
  array(1) {
    [0]=>
    int(9)
  }
  [3]=>
  int(3)
  [4]=>
  int(4)
}
NULL
NULL
-- new arrays
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
array(3) {
  [0]=>
  int(3)
  [1]=>
  int(1)
  [2]=>
  int(2)
}
array(4) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(1)
  [3]=>
  int(3)
}
array(4) {
  [0]=>
  int(30)
  [1]=>
  int(10)
  [2]=>
  int(20)
  [3]=>
  int(10)
}
array(2) {
  [0]=>
  int(3)
  [2]=>
  int(2)
}
int(107)
int(7)
int(6)
array(2) {
  [0]=>
  array(3) {
    [0]=>
    int(3)
    [1]=>
    int(1)
    [2]=>
    int(2)
  }
  [1]=>
  array(1) {
    [0]=>
    int(1)
  }
}
array(2) {
  [1]=>
  string(1) "a"
  [2]=>
  string(1) "b"
}
array(1) {
  [7]=>
  string(1) "x"
}
string(7) "3-1-2-1"
array(4) {
  [0]=>
  int(3)
  [1]=>
  int(1)
  [2]=>
  int(2)
  [3]=>
  int(1)
}
string(15) "0=3 1=1 2=2 3=1"
array(4) {
  [0]=>
  int(4)
  [1]=>
  int(2)
  [2]=>
  int(3)
  [3]=>
  int(2)
}
-- sorts change the object
array(3) {
  [0]=>
  string(1) "c"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "a"
}
array(3) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "c"
}
array(3) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "c"
}
array(3) {
  [0]=>
  string(1) "c"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "a"
}
array(3) {
  [0]=>
  string(1) "c"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "a"
}
array(3) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
  [2]=>
  string(1) "c"
}
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
array(3) {
  [0]=>
  int(3)
  [1]=>
  int(2)
  [2]=>
  int(1)
}
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
array(4) {
  [0]=>
  string(4) "IMG2"
  [1]=>
  string(4) "img1"
  [2]=>
  string(5) "img10"
  [3]=>
  string(5) "img12"
}
array(4) {
  [0]=>
  string(4) "img1"
  [1]=>
  string(4) "IMG2"
  [2]=>
  string(5) "img10"
  [3]=>
  string(5) "img12"
}
bool(true)
bool(true)
-- iteration and serialize
k => v
2 => w
bool(true)
bool(true)
bool(true)
string(18) "Swoole\ArrayObject"
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  int(1)
}
int(0)
array(1) {
  [0]=>
  int(1)
}
-- swoole_array_default_value
int(1)
NULL
string(4) "dflt"
string(4) "five"
string(4) "five"
string(5) "empty"
NULL
-- missing keys and bad input
Swoole\Exception\ArrayKeyNotExists (RuntimeException): missing
Swoole\Exception\ArrayKeyNotExists (RuntimeException): 42
ValueError
TypeError: swoole_array_default_value(): Argument #2 ($key) must be a valid array offset type
TypeError: swoole_array(): Argument #1 ($array) must be of type array, string given

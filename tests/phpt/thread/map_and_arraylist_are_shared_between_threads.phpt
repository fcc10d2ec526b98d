--TEST--
Thread\Map and Thread\ArrayList passed to a thread are the same containers there: the child's writes and incr() are seen by the parent after join(); nested arrays stored in them become nested containers; keys follow PHP's array-key rules
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP'); ?>
--FILE--
<?php
use Swoole\Thread;
use Swoole\Thread\Map;
use Swoole\Thread\ArrayList;
$args = Thread::getArguments();
if ($args === null) {
    $m = new Map(['a' => 1, 'nested' => ['k' => 'v']]);
    $l = new ArrayList([10, 20]);
    $threads = [];
    for ($i = 0; $i < 4; $i++) $threads[] = new Thread(__FILE__, $m, $l, $i);
    foreach ($threads as $t) $t->join();
    var_dump($m['hits'], count($l), $l[0], $m['nested']['k'], $m['nested'] instanceof Map);
    $seen = $m['seen']->toArray();
    sort($seen);
    echo json_encode($seen), "\n";
    // PHP's key rules: "6" and 6.7 and true are ints, null is "".
    $m['6'] = 'six';
    var_dump($m[6], $m[6.7], isset($m['6']));
    $m[true] = 'one';
    $m[null] = 'empty';
    var_dump($m[1], $m['']);
    var_dump($m->add('a', 5), $m->update('a', 5), $m['a'], $m->find('six'), $m->decr('a', 2));
    unset($m['a']);
    var_dump(isset($m['a']), $m['a']);
    var_dump($l->find(20), $l->find('nope'));
    unset($l[0]);
    var_dump($l[0]);
    try { $l[100] = 1; } catch (ValueError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    try { new ArrayList(['x' => 1]); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
} else {
    [$m, $l, $i] = $args;
    for ($n = 0; $n < 1000; $n++) $m->incr('hits');
    $l->incr(0, 1);
    if (!isset($m['seen'])) $m->add('seen', []);
    $m['seen'][] = $i;
}
?>
--EXPECT--
int(4000)
int(2)
int(14)
string(1) "v"
bool(true)
[0,1,2,3]
string(3) "six"
string(3) "six"
bool(true)
string(3) "one"
string(5) "empty"
bool(false)
bool(true)
int(5)
int(6)
int(3)
bool(false)
NULL
int(1)
int(-1)
int(20)
ValueError: Swoole\Thread\ArrayList: index 100 is out of range
Swoole\Thread\ArrayList::__construct(): Argument #1 ($array) must be an array of type list

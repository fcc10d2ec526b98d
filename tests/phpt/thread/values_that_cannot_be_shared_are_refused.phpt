--TEST--
Thread\Map, Thread\Queue and Thread arguments refuse what cannot cross threads (an object of another class, a Closure, a resource other than a stream, one nested in an array) with a Swoole\Exception naming it; nothing is stored and no thread starts; a reference cycle is refused, not followed forever
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP'); ?>
--FILE--
<?php
use Swoole\Thread;
use Swoole\Thread\Map;
use Swoole\Thread\Queue;
$m = new Map();
$q = new Queue();
$cycle = [1];
$cycle[] = &$cycle;
$bad = ['object' => new stdClass, 'closure' => fn() => 1, 'resource' => stream_context_create(), 'nested' => ['ok', [new ArrayObject]],
        'cycle' => $cycle];
foreach ($bad as $what => $value) {
    try {
        $m[$what] = $value;
        echo "$what: stored\n";
    } catch (Swoole\Exception $e) {
        echo "$what: ", $e->getMessage(), "\n";
    }
}
$cycle = 0;  // ends the test's own cycle (PHP leaves cycles to its allocator at exit)
var_dump(count($m));
try { $q->push(new stdClass); } catch (Swoole\Exception $e) { echo "queue: ", get_class($e), "\n"; }
var_dump(count($q));
try { new Thread(__FILE__, 1, fn() => 2); } catch (Swoole\Exception $e) { echo "thread: ", $e->getMessage(), "\n"; }
var_dump(Thread::activeCount());
?>
--EXPECT--
object: a value of type stdClass cannot be shared between threads (stdClass); only null, bool, int, float, string, array and the Swoole\Thread containers can
closure: a value of type Closure cannot be shared between threads (a Closure); only null, bool, int, float, string, array and the Swoole\Thread containers can
resource: a value of type resource cannot be shared between threads (only stream resources can); only null, bool, int, float, string, array and the Swoole\Thread containers can
nested: a value of type ArrayObject cannot be shared between threads (ArrayObject); only null, bool, int, float, string, array and the Swoole\Thread containers can
cycle: a value of type array cannot be shared between threads (arrays nested too deep, or a reference cycle); only null, bool, int, float, string, array and the Swoole\Thread containers can
int(0)
queue: Swoole\Exception
int(0)
thread: a value of type Closure cannot be shared between threads (a Closure); only null, bool, int, float, string, array and the Swoole\Thread containers can
int(1)

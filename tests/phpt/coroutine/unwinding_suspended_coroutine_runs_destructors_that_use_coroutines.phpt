--TEST--
A suspended coroutine unwound at the end of Co\run runs destructors, even ones that start coroutines or try to wait
--EXTENSIONS--
gust
--FILE--
<?php
class Guard {
    function __construct(public string $name) {}
    function __destruct() {
        echo "destruct {$this->name}\n";
        $cid = go(function () { echo "coroutine started by a destructor\n"; });
        var_dump(is_int($cid) && $cid > 0);  // the new coroutine really starts (and has run)
        var_dump(Co::sleep(0.001));   // an unwinding coroutine cannot wait any more
    }
}
Co\run(function () {
    go(function () {
        $g = new Guard("suspended");
        try { Co::yield(); } finally { echo "finally is skipped when unwinding\n"; }
    });
    go(function () {
        $g = new Guard("parked");
        (new Swoole\Coroutine\Channel(1))->pop();
    });
    echo "run body done\n";
});
echo "after run\n";
?>
--EXPECTF--
run body done

 =================================================================
  [FATAL ERROR]: all coroutines (count: 2) are asleep - deadlock!
 =================================================================

  [Coroutine-3]
 -----------------------------------------------------------------
 waiting on Channel#1 pop
#0 %s(%d): Swoole\Coroutine\Channel->pop()
#1 [internal function]: {closure}()

  [Coroutine-2]
 -----------------------------------------------------------------
 suspended by yield()
#0 %s(%d): Swoole\Coroutine::yield()
#1 [internal function]: {closure}()

 =================================================================
destruct parked
coroutine started by a destructor
bool(true)
bool(false)
destruct suspended
coroutine started by a destructor
bool(true)
bool(false)
after run

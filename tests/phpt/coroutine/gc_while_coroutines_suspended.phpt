--TEST--
gc_collect_cycles() while coroutines are suspended keeps their locals alive and collects real garbage
--EXTENSIONS--
gust
--FILE--
<?php
class Node { public $other; function __construct(public string $n) {} function __destruct() { echo "destruct {$this->n}\n"; } }
Co\run(function () {
    $cids = [];
    for ($i = 0; $i < 3; $i++) {
        $cids[] = go(function () use ($i) {
            $a = new Node("held$i"); $b = new Node("peer$i"); $a->other = $b; $b->other = $a;
            Co::yield();
            echo "resumed $i: ", $a->other->n, "\n";
            $a->other = null; $b->other = null;
        });
    }
    $x = new Node("garbage-a"); $y = new Node("garbage-b"); $x->other = $y; $y->other = $x; unset($x, $y);
    $n = gc_collect_cycles();
    echo "collected $n\n";
    foreach ($cids as $cid) Co::resume($cid);
});
?>
--EXPECT--
destruct garbage-b
destruct garbage-a
collected 2
resumed 0: peer0
destruct held0
destruct peer0
resumed 1: peer1
destruct held1
destruct peer1
resumed 2: peer2
destruct held2
destruct peer2

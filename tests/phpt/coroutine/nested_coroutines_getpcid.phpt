--TEST--
Nested coroutines: ids increase, getPcid names the creator, -1 at the top, false outside
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
var_dump(Coroutine::getCid(), Coroutine::getPcid());
Co\run(function () {
    echo "top ", Coroutine::getCid(), " parent ", Coroutine::getPcid(), "\n";
    go(function () {
        echo "child ", Coroutine::getCid(), " parent ", Coroutine::getPcid(), "\n";
        go(function () {
            echo "grandchild ", Coroutine::getCid(), " parent ", Coroutine::getPcid(), "\n";
            echo "pcid of 2: ", Coroutine::getPcid(2), "\n";
        });
    });
    var_dump(Coroutine::getPcid(999));
});
?>
--EXPECT--
int(-1)
bool(false)
top 1 parent -1
child 2 parent 1
grandchild 3 parent 2
pcid of 2: 1
bool(false)

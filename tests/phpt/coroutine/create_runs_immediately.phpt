--TEST--
go() runs the new coroutine at once, until it first yields
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    echo "before\n";
    $cid = go(function () { echo "child runs\n"; Co::sleep(0.001); echo "child after sleep\n"; });
    echo "go returned $cid\n";
});
echo "done\n";
?>
--EXPECT--
before
child runs
go returned 2
child after sleep
done

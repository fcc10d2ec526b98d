--TEST--
Output buffers belong to the coroutine that started them; leftover buffers are flushed when it ends
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    ob_start();
    echo "A1 ";
    $cid = go(function () {
        echo "B-direct\n";           // not captured by A's buffer
        ob_start();
        echo "B1 ";
        Co::yield();
        echo "B2";
        $b = ob_get_clean();
        echo "B got [$b]\n";
        ob_start();
        echo "B-left-open\n";        // flushed when B ends
    });
    echo "A2";
    Co::resume($cid);
    $a = ob_get_clean();
    echo "A got [$a]\n";
    var_dump(ob_get_level());
});
?>
--EXPECT--
B-direct
B got [B1 B2]
B-left-open
A got [A1 A2]
int(0)

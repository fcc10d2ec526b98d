--TEST--
debug_backtrace() inside a coroutine shows the coroutine frames only; getBackTrace() of another coroutine shows its own
--EXTENSIONS--
gust
--FILE--
<?php
function inner() { return array_map(fn($f) => $f["function"], debug_backtrace()); }
function outer() { return inner(); }
function parked() { Co::yield(); }
Co\run(function () {
    go(function () { echo implode(" < ", outer()), "\n"; });
    $cid = go(function () { parked(); });
    echo implode(" < ", array_map(fn($f) => $f["function"], Co::getBackTrace($cid))), "\n";
    Co::resume($cid);
});
?>
--EXPECT--
inner < outer < {closure}
yield < parked < {closure}

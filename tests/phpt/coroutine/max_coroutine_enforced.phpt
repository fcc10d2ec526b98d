--TEST--
max_coroutine limits live coroutines with a warning; ended ones free their slot
--EXTENSIONS--
gust
--FILE--
<?php
Co::set(["max_coroutine" => 3, "enable_deadlock_check" => false]);  // the suspended one is left: no banner
var_dump(Co::getOptions()["max_coroutine"]);
Co\run(function () {
    var_dump(go(function () { Co::yield(); }));
    $c = go(function () { Co::yield(); });
    var_dump($c);
    var_dump(go(function () { echo "never\n"; }));
    Co::resume($c);
    var_dump(go(function () { echo "fits again\n"; }));
});
?>
--EXPECTF--
int(3)
int(2)
int(3)

Warning: go(): exceed max number of coroutine 3 in %s on line %d
bool(false)
fits again
int(4)

--TEST--
Short names (Co, go, defer, Co\run) exist under swoole.use_shortname; stats/list/exists report live coroutines
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(class_exists("Co"), function_exists("go"), function_exists("defer"), function_exists("Co\\run"));
var_dump(Co::class === "Co", (new ReflectionClass("Co"))->getName());
Co\run(function () {
    $c = go(function () { Co::yield(); });
    $s = Co::stats();
    var_dump($s["coroutine_num"], $s["coroutine_peak_num"]);
    var_dump(iterator_to_array(Co::list()) == [1, $c] || iterator_to_array(Co::list()) == [$c, 1]);
    var_dump(Co::listCoroutines() instanceof Swoole\Coroutine\Iterator);
    var_dump(Co::exists($c), Co::exists(12345));
    Co::resume($c);
    var_dump(Co::exists($c), Co::stats()["coroutine_num"]);
});
var_dump(Co\run(function () { echo "second run\n"; }));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(16) "Swoole\Coroutine"
int(2)
int(2)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
int(1)
second run
bool(true)

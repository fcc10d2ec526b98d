--TEST--
getContext() is one ArrayObject per coroutine, released when it ends; null outside
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
var_dump(Coroutine::getContext());
class D { function __destruct() { echo "context value destructed\n"; } }
Co\run(function () {
    $ctx = Coroutine::getContext();
    $ctx["k"] = "top";
    go(function () {
        Coroutine::getContext()["k"] = "child";
        Coroutine::getContext()["d"] = new D;
        echo get_class(Coroutine::getContext()), " ", Coroutine::getContext()["k"], " ", Coroutine::getContext(1)["k"], "\n";
    });
    echo "after child\n";
    var_dump(Coroutine::getContext() === $ctx);
});
?>
--EXPECT--
NULL
Swoole\Coroutine\Context child top
context value destructed
after child
bool(true)

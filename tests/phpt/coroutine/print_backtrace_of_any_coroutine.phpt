--TEST--
Co::printBackTrace() prints the frames of the running or of another coroutine; getStackUsage() reports VM stack bytes
--EXTENSIONS--
gust
--FILE--
<?php
function waiter() { Co::yield(); }
Co\run(function () {
    $cid = go(function () { waiter(); });
    Co::printBackTrace($cid);
    echo "--\n";
    (function () { Co::printBackTrace(); })();
    var_dump(Co::getStackUsage() > 0, Co::getStackUsage($cid) > 0, Co::getStackUsage(99999));
    var_dump(Co::enableScheduler(), Co::disableScheduler(), Co::setTimeLimit(1.0));
    Co::resume($cid);
    try { Co::printBackTrace(99999); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
});
?>
--EXPECTF--
#0 %s(%d): Swoole\Coroutine::yield()
#1 %s(%d): waiter()
#2 [internal function]: {closure}()
--
#0 %s(%d): {closure}()
#1 [internal function]: {closure}()
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
Swoole\Coroutine::printBackTrace(): Argument #1 ($cid) must be the id of an existing coroutine

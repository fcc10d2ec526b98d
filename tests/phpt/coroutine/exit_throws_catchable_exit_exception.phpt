--TEST--
exit() inside a coroutine throws Swoole\ExitException carrying the status and SWOOLE_EXIT_IN_COROUTINE; finally blocks run
--EXTENSIONS--
gust
--FILE--
<?php
function deep($status) { Co::sleep(0.001); exit($status); }
Co\run(function () {
    foreach ([7, "bye", null] as $status) {
        try {
            try { deep($status); } finally { echo "finally\n"; }
        } catch (Swoole\ExitException $e) {
            var_dump($e->getMessage(), $e->getStatus(), $e->getFlags() === SWOOLE_EXIT_IN_COROUTINE);
        }
    }
    $tmp = "t"; 
    try { exit($tmp . "mp"); } catch (Swoole\ExitException $e) { var_dump($e->getStatus()); }
});
echo "after run\n";
exit(5);
?>
--EXPECT--
finally
string(11) "swoole exit"
int(7)
bool(true)
finally
string(11) "swoole exit"
string(3) "bye"
bool(true)
finally
string(11) "swoole exit"
NULL
bool(true)
string(3) "tmp"
after run

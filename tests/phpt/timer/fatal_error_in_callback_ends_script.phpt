--TEST--
A fatal error in a timer callback ends the script: later timers never run, shutdown functions do
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the frames it abandons on any bailout under USE_ZEND_ALLOC=0
// (see tests/phpt/coroutine/fatal_error_in_nested_coroutine.phpt).
register_shutdown_function(function () { echo "shutdown function\n"; });
Swoole\Timer::after(2, function () { trigger_error("fatal in timer", E_USER_ERROR); });
Swoole\Timer::after(50, function () { echo "never\n"; });
Swoole\Timer::tick(1, function () {});
echo "script end\n";
?>
--EXPECTF--
script end
shutdown function

Fatal error: fatal in timer in %s on line %d

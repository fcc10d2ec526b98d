--TEST--
After a fatal error in the script body the loop does not run at shutdown: top-level timers never fire
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the frames it abandons on any bailout under USE_ZEND_ALLOC=0.
Swoole\Timer::after(1, function () { echo "never: timer\n"; });
go(function () { Co::sleep(0.001); echo "never: coroutine\n"; });
register_shutdown_function(function () { echo "shutdown function\n"; });
throw new LogicException("script fails");
?>
--EXPECTF--
Fatal error: Uncaught LogicException: script fails in %s:%d
Stack trace:
#0 {main}
  thrown in %s on line %d
shutdown function

--TEST--
Swoole\Thread faults: an uncaught exception and a fatal error (E_USER_ERROR: a bailout) in a child thread end that thread's request only (its output says why, its exit status is 255), the main thread goes on and can start more threads
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP'); ?>
--ENV--
USE_ZEND_ALLOC=1
--INI--
display_errors=1
error_reporting=E_ALL
--FILE--
<?php
// USE_ZEND_ALLOC=1 (ENV): a fatal error abandons what the request allocated (PHP's bailout skips
// the frees), and only PHP's own allocator takes it back at the end of the request; with it off,
// as the ASan layers run PHP, a plain script's fatal error in the main thread reports the same leaks.
use Swoole\Thread;
$args = Thread::getArguments();
if ($args === null) {
    foreach (['throw', 'fatal', 'fine'] as $what) {
        $t = new Thread(__FILE__, $what);
        $t->join();
        echo "main: $what -> ", $t->getExitStatus(), "\n";
    }
    echo "main: done\n";
} elseif ($args[0] === 'throw') {
    throw new RuntimeException('thrown in the child');
} elseif ($args[0] === 'fatal') {
    trigger_error('fatal in the child', E_USER_ERROR);
    echo "never here\n";
} else {
    echo "child: fine\n";
}
?>
--EXPECTF--
%AFatal error: Uncaught RuntimeException: thrown in the child in %s:%d
Stack trace:
#0 {main}
  thrown in %s on line %d
main: throw -> 255
%AFatal error: fatal in the child in %s on line %d
main: fatal -> 255
child: fine
main: fine -> 0
main: done

--TEST--
examples/php/coroutines.php (the README's PHP example) runs: three sleeps overlap (results arrive shortest first)
--EXTENSIONS--
gust
--FILE--
<?php
include __DIR__ . '/../../../examples/php/coroutines.php';
?>
--EXPECTF--
worker 1 (coroutine %d) slept 0.1 s
worker 2 (coroutine %d) slept 0.2 s
worker 0 (coroutine %d) slept 0.3 s
all three done in %s s (sequential sleeps would take 0.60 s)

--TEST--
Coroutine HTTP client: a client whose kept-alive connection outlives the coroutine runtime (a fatal error skips destructors) is freed without touching the ended event loop
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the frames it abandons on any bailout under USE_ZEND_ALLOC=0.
// Without the runtime check, freeing the client after RSHUTDOWN reads the freed loop (ASan).
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
raw_test(["HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"], function ($port) {
    $c = new Client('127.0.0.1', $port);
    $c->get('/');
    echo $c->body, ' connected=', var_export($c->connected, true), "\n";
    $GLOBALS['kept'] = [$c, $c];  // two references: freed only with the symbol table, after RSHUTDOWN
});
trigger_error('a fatal error: destructors are skipped', E_USER_ERROR);
?>
--EXPECTF--
ok connected=true

Fatal error: a fatal error: destructors are skipped in %s on line %d

--TEST--
A worker whose PHP ends in a fatal error (here an uncaught exception in onWorkerStart) also writes it to the server's log at ERROR level, with file and line, as Swoole does; PHP's own report comes first
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the objects it abandons on a fatal error under USE_ZEND_ALLOC=0.
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1]);
$server->on('workerStart', function () {
    throw new RuntimeException('broken start');
});
$server->on('receive', function () {});
$server->start();
echo "never here\n";
?>
--EXPECTF--

Fatal error: Uncaught RuntimeException: broken start in %s:%d
Stack trace:
%A
  thrown in %s on line %d
[%s]	ERROR	php_swoole_server_rshutdown() (ERRNO 503): Fatal error: Uncaught RuntimeException: broken start in %s:%d
Stack trace:
%A
  thrown in %s on line %d

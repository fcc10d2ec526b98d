--TEST--
set(): an empty package_eof (which could never end a package) is a fatal error at once, as in Swoole
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the objects it abandons on a fatal error under USE_ZEND_ALLOC=0.
$client = new Swoole\Client(SWOOLE_SOCK_TCP);
$client->set(['package_eof' => "\r\n"]);  // a real one is fine
echo "client ok\n";
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['open_eof_check' => true, 'package_eof' => '']);
echo "never here\n";
?>
--EXPECTF--
client ok

Fatal error: Swoole\Server::set(): package_eof cannot be an empty string in %s on line %d

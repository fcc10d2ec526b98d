--TEST--
Server::set(): size options take ini quantities ("2M"), as Swoole parses them; one that is not a size is fatal
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the objects it abandons on a fatal error under USE_ZEND_ALLOC=0.
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['buffer_output_size' => '2M', 'socket_buffer_size' => '512k', 'package_max_length' => 4096]);
var_dump($server->setting['buffer_output_size'], $server->setting['socket_buffer_size'], $server->setting['package_max_length']);
$server->set(['buffer_output_size' => 'xxx--2M']);
echo "never here\n";
?>
--EXPECTF--
int(2097152)
int(524288)
int(4096)

Fatal error: Swoole\Server::set(): failed to parse 'xxx--2M' to size, Error: Invalid quantity "xxx--2M": no valid leading digits, interpreting as "0" for backwards compatibility in %s on line %d

--TEST--
on(): a callback the server cannot call (a private method seen from outside its class) is a fatal error naming it, as in Swoole; a connection's event is registered through the port's on()
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the objects it abandons on a fatal error under USE_ZEND_ALLOC=0.
class Handlers
{
    private function onRequest($request, $response) {}
    public function onStart($server) {}
}
$http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_BASE);
var_dump($http->on('start', [new Handlers, 'onStart']));  // a public method is fine
$http->on('request', [new Handlers, 'onRequest']);
echo "never here\n";
?>
--EXPECTF--
bool(true)

Fatal error: Swoole\Server\Port::on(): function 'Handlers::onRequest' is not callable in %s on line %d

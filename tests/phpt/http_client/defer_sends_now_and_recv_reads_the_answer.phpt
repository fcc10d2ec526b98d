--TEST--
Coroutine HTTP client setDefer(): get()/post() return once sent, so three slow requests overlap; recv() fills the response; recv($timeout) and the `timeout` setting bound the wait (statusCode SWOOLE_HTTP_CLIENT_ESTATUS_REQUEST_TIMEOUT); the client works normally afterwards
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;

var_dump([SWOOLE_HTTP_CLIENT_ESTATUS_CONNECT_FAILED, SWOOLE_HTTP_CLIENT_ESTATUS_REQUEST_TIMEOUT,
    SWOOLE_HTTP_CLIENT_ESTATUS_SERVER_RESET, SWOOLE_HTTP_CLIENT_ESTATUS_SEND_FAILED]);
server_test(function ($req, $resp) {
    Co::sleep((float)($req->get['sleep'] ?? 0));
    // The answers the client gave up on come after the server stopped: their end() is refused.
    @$resp->end($req->server['request_method'] . ' ' . ($req->get['n'] ?? '-') . ' ' . ($req->post['p'] ?? ''));
}, function ($port) {
    $clients = [];
    $t = microtime(true);
    foreach ([1, 2, 3] as $n) {
        $c = new Client('127.0.0.1', $port);
        $c->set(['timeout' => 5]);
        var_dump($c->getDefer(), $c->setDefer(), $c->getDefer());
        $ok = $n === 3 ? $c->post("/?n=$n&sleep=0.3", ['p' => 'posted']) : $c->get("/?n=$n&sleep=0.3");
        echo "sent $n: ", var_export($ok, true), " status $c->statusCode body '", $c->body, "'\n";
        $clients[$n] = $c;
    }
    foreach ($clients as $n => $c) {
        $ok = $c->recv();
        echo "recv $n: ", var_export($ok, true), " $c->statusCode $c->body\n";
    }
    $elapsed = microtime(true) - $t;
    echo "overlapped: ", $elapsed < 0.8 ? "yes" : "no ($elapsed s for three 0.3 s answers)", "\n";

    $c = $clients[1];
    $c->get('/?n=late&sleep=1');
    $t = microtime(true);
    $ok = $c->recv(0.2);
    $waited = microtime(true) - $t;
    echo "recv(0.2): ", var_export($ok, true), " status $c->statusCode err ", $c->errCode === SOCKET_ETIMEDOUT ? 'ETIMEDOUT' : $c->errCode,
        ", waited ", $waited >= 0.19 && $waited < 0.6 ? "0.2 s" : "$waited s", "\n";
    $c->set(['timeout' => 0.2]);
    $c->get('/?n=late&sleep=1');
    $t = microtime(true);
    $ok = $c->recv();
    $waited = microtime(true) - $t;
    echo "recv() with timeout 0.2: ", var_export($ok, true), " status $c->statusCode, waited ", $waited >= 0.19 && $waited < 0.6 ? "0.2 s" : "$waited s", "\n";

    $c->set(['timeout' => 5]);
    $c->setDefer(false);
    $ok = $c->get('/?n=after');
    echo "after: ", var_export($ok, true), " $c->statusCode $c->body\n";
    echo "recv() with nothing deferred: ", var_export(@$c->recv(0.1), true), "\n";
});
?>
--EXPECT--
array(4) {
  [0]=>
  int(-1)
  [1]=>
  int(-2)
  [2]=>
  int(-3)
  [3]=>
  int(-4)
}
bool(false)
bool(true)
bool(true)
sent 1: true status 0 body ''
bool(false)
bool(true)
bool(true)
sent 2: true status 0 body ''
bool(false)
bool(true)
bool(true)
sent 3: true status 0 body ''
recv 1: true 200 GET 1 
recv 2: true 200 GET 2 
recv 3: true 200 POST 3 posted
overlapped: yes
recv(0.2): false status -2 err ETIMEDOUT, waited 0.2 s
recv() with timeout 0.2: false status -2, waited 0.2 s
after: true 200 GET after 
recv() with nothing deferred: false

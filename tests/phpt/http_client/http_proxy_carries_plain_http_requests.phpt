--TEST--
Coroutine HTTP client: with http_proxy_host/_port a plain-HTTP request goes to the proxy with an absolute-form target naming the origin (never resolved by the client), and Proxy-Authorization when a username is set
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
$echoHead = function ($conn, $req) {
    $lines = explode("\r\n", $req);
    $auth = '';
    foreach ($lines as $l) if (stripos($l, 'proxy-authorization:') === 0) $auth = $l;
    $body = $lines[0] . "|" . $auth;
    fwrite($conn, "HTTP/1.1 200 OK\r\nContent-Length: " . strlen($body) . "\r\nConnection: close\r\n\r\n$body");
};
raw_test([$echoHead, $echoHead], function ($port) {
    $c = new Client('origin.invalid', 8080);
    $c->set(['timeout' => 5, 'http_proxy_host' => '127.0.0.1', 'http_proxy_port' => $port]);
    var_dump($c->get('/x?y=1'), $c->body);
    $c = new Client('origin.invalid', 80);
    $c->set(['timeout' => 5, 'http_proxy_host' => '127.0.0.1', 'http_proxy_port' => $port,
             'http_proxy_username' => 'user', 'http_proxy_password' => 'secret']);
    var_dump($c->get('/'), $c->body);
});
?>
--EXPECT--
bool(true)
string(46) "GET http://origin.invalid:8080/x?y=1 HTTP/1.1|"
bool(true)
string(79) "GET http://origin.invalid/ HTTP/1.1|Proxy-Authorization: Basic dXNlcjpzZWNyZXQ="

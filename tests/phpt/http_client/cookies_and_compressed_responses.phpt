--TEST--
Coroutine HTTP client: setCookies() sends URL-encoded cookies, Set-Cookie answers fill cookies and set_cookie_headers; gzip, deflate and br bodies are decoded
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
http_test(function ($req, $resp) {
    if ($req->server['request_uri'] === '/cookie') {
        $resp->cookie('session', 'a b&c');
        $resp->cookie('theme', 'dark', 0, '/');
        $resp->end(json_encode($req->cookie));
        return;
    }
    $resp->end(str_repeat('compress me ', 1000));
}, function ($port) {
    $c = new Client('127.0.0.1', $port);
    $c->setCookies(['k' => 'v=1;2', 'other' => 'x']);
    var_dump($c->get('/cookie'));
    echo $c->body, "\n";
    var_dump($c->cookies, $c->set_cookie_headers);
    var_dump($c->get('/cookie'));  // the received cookies go back
    echo $c->body, "\n";
    foreach (['gzip', 'deflate', 'br'] as $enc) {
        $c->setHeaders(['Accept-Encoding' => $enc]);
        $c->get('/big');
        echo $enc, ': ', $c->headers['content-encoding'] ?? 'none', ' ', strlen($c->body), ' ', substr($c->body, 0, 12), "\n";
    }
}, ['http_compression' => true]);
raw_test([
    "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: " . strlen(gzcompress('zlib body')) . "\r\n\r\n" . gzcompress('zlib body'),
    "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n" . gzencode('close-delimited gzip'),
    "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 5\r\n\r\nnotgz",
], function ($port) {
    for ($i = 0; $i < 3; $i++) {
        $c = new Client('127.0.0.1', $port);
        show($c, $c->get('/'));
    }
});
?>
--EXPECTF--
bool(true)
{"k":"v=1;2","other":"x"}
array(4) {
  ["k"]=>
  string(5) "v=1;2"
  ["other"]=>
  string(1) "x"
  ["session"]=>
  string(5) "a b&c"
  ["theme"]=>
  string(4) "dark"
}
array(2) {
  [0]=>
  string(%d) "session=a+b%26c"
  [1]=>
  string(%d) "theme=dark; path=/"
}
bool(true)
{"k":"v=1;2","other":"x","session":"a b&c","theme":"dark"}
gzip: gzip 12000 compress me 
deflate: deflate 12000 compress me 
br: br 12000 compress me 
ok=true status=200 err=0 body="zlib body"
ok=true status=200 err=0 body="close-delimited gzip"
ok=false status=-3 err=71 body=""

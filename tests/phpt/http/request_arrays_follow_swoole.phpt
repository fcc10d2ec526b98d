--TEST--
Request: header, server, get, post, cookie arrays and the body, as Swoole fills them
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $server = $req->server;
    unset($server['request_time'], $server['request_time_float'], $server['master_time'], $server['remote_port'], $server['server_port']);
    var_dump($req->fd > 0, $req->getMethod(), $req->header, $server, $req->get, $req->post, $req->cookie, $req->files,
             $req->getContent(), str_ends_with($req->getData(), "\r\n\r\na=1&b%5B%5D=2&b%5B%5D=3&c%5Bk%5D=v"));
    $resp->end('ok');
}, function ($port) {
    $body = 'a=1&b%5B%5D=2&b%5B%5D=3&c%5Bk%5D=v';
    $r = http_get($port, '/p/a%20th?x=1&y[]=2&y[]=3', [
        'Content-Type' => 'application/x-www-form-urlencoded',
        'Cookie' => 'c1=v1; c2=%20space', 'X-Dup' => 'one', 'x-dup' => 'two',
    ], 'POST', $body);
    echo $r['status'], ' ', $r['body'], "\n";
});
?>
--EXPECT--
bool(true)
string(4) "POST"
array(6) {
  ["host"]=>
  string(9) "127.0.0.1"
  ["connection"]=>
  string(5) "close"
  ["content-type"]=>
  string(33) "application/x-www-form-urlencoded"
  ["cookie"]=>
  string(18) "c1=v1; c2=%20space"
  ["x-dup"]=>
  array(2) {
    [0]=>
    string(3) "one"
    [1]=>
    string(3) "two"
  }
  ["content-length"]=>
  string(2) "34"
}
array(6) {
  ["request_method"]=>
  string(4) "POST"
  ["request_uri"]=>
  string(9) "/p/a%20th"
  ["path_info"]=>
  string(7) "/p/a th"
  ["query_string"]=>
  string(15) "x=1&y[]=2&y[]=3"
  ["server_protocol"]=>
  string(8) "HTTP/1.1"
  ["remote_addr"]=>
  string(9) "127.0.0.1"
}
array(2) {
  ["x"]=>
  string(1) "1"
  ["y"]=>
  array(2) {
    [0]=>
    string(1) "2"
    [1]=>
    string(1) "3"
  }
}
array(3) {
  ["a"]=>
  string(1) "1"
  ["b"]=>
  array(2) {
    [0]=>
    string(1) "2"
    [1]=>
    string(1) "3"
  }
  ["c"]=>
  array(1) {
    ["k"]=>
    string(1) "v"
  }
}
array(2) {
  ["c1"]=>
  string(2) "v1"
  ["c2"]=>
  string(6) " space"
}
NULL
string(34) "a=1&b%5B%5D=2&b%5B%5D=3&c%5Bk%5D=v"
bool(true)
200 ok

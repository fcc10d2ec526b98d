--TEST--
Request::create() + parse(): a request from bytes held elsewhere, incomplete and malformed input refused
--EXTENSIONS--
gust
--FILE--
<?php
$r = Swoole\Http\Request::create();
var_dump($r->isCompleted(), $r->getMethod());
var_dump($r->parse("POST /x?a=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nCookie: k=v\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\nb=2GET /next"));
var_dump($r->isCompleted(), $r->getMethod(), $r->get, $r->post, $r->cookie, $r->header['host'], $r->getContent(), $r->server['request_uri']);
var_dump($r->parse("GET / HTTP/1.1\r\n\r\n"));
$partial = Swoole\Http\Request::create();
var_dump($partial->parse("GET / HTTP/1.1\r\nHost: h\r\n"), $partial->isCompleted());
$bad = Swoole\Http\Request::create();
var_dump($bad->parse("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"));
?>
--EXPECTF--
bool(false)
bool(false)
int(117)
bool(true)
string(4) "POST"
array(1) {
  ["a"]=>
  string(1) "1"
}
array(1) {
  ["b"]=>
  string(1) "2"
}
array(1) {
  ["k"]=>
  string(1) "v"
}
string(1) "h"
string(3) "b=2"
string(2) "/x"

Warning: Swoole\Http\Request::parse(): the request is already parsed in %s on line %d
bool(false)
bool(false)
bool(false)
bool(false)

--TEST--
Request cookies: a pair without '=' (e.g. a stray "HttpOnly") is a name with an empty value, as PHP's $_COOKIE reads it
--EXTENSIONS--
gust
--FILE--
<?php
$r = Swoole\Http\Request::create();
$r->parse("GET / HTTP/1.1\r\nHost: h\r\nCookie: sid=abc; HttpOnly; =nameless; q = 1 ;\r\n\r\n");
var_dump($r->cookie);
?>
--EXPECT--
array(3) {
  ["sid"]=>
  string(3) "abc"
  ["HttpOnly"]=>
  string(0) ""
  ["q"]=>
  string(1) "1"
}

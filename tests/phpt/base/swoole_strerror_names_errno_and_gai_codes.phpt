--TEST--
swoole_strerror() names an errno (either sign), a getaddrinfo code, and an unknown code
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(swoole_strerror(111));
var_dump(swoole_strerror(-111));
var_dump(swoole_strerror(111, 1) === swoole_strerror(111));
var_dump(swoole_strerror(-2, 2));
var_dump(swoole_strerror(0));
?>
--EXPECT--
string(18) "Connection refused"
string(18) "Connection refused"
bool(true)
string(25) "Name or service not known"
string(7) "success"

--TEST--
swoole_strerror() names an errno (either sign) and a Swoole code by default or with SWOOLE_STRERROR_SWOOLE, a getaddrinfo code with SWOOLE_STRERROR_GAI (1), an h_errno with SWOOLE_STRERROR_DNS (2), and an unknown code
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(SWOOLE_STRERROR_SYSTEM, SWOOLE_STRERROR_GAI, SWOOLE_STRERROR_DNS, SWOOLE_STRERROR_SWOOLE);
var_dump(swoole_strerror(111));
var_dump(swoole_strerror(-111));
var_dump(swoole_strerror(111, SWOOLE_STRERROR_SWOOLE) === swoole_strerror(111));
var_dump(swoole_strerror(-2, SWOOLE_STRERROR_GAI));
var_dump(swoole_strerror(1, SWOOLE_STRERROR_DNS));
var_dump(swoole_strerror(SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW));
var_dump(swoole_strerror(SWOOLE_ERROR_CO_TIMEDOUT, SWOOLE_STRERROR_SWOOLE));
var_dump(swoole_strerror(0));
var_dump(swoole_strerror(9999));
?>
--EXPECT--
int(0)
int(1)
int(2)
int(9)
string(18) "Connection refused"
string(18) "Connection refused"
bool(true)
string(25) "Name or service not known"
string(12) "Unknown host"
string(21) "output buffer is full"
string(30) "the coroutine's wait timed out"
string(7) "Success"
string(18) "unknown error 9999"

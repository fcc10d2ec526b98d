--TEST--
gethostbyname() inside a coroutine resolves without blocking the thread and returns its input when it cannot resolve
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    var_dump(gethostbyname("localhost"), gethostbyname("127.0.0.1"), gethostbyname("::1"), gethostbyname(""));
    go(function () { var_dump(gethostbyname("localhost")); });
});
var_dump(gethostbyname("localhost"));
?>
--EXPECT--
string(9) "127.0.0.1"
string(9) "127.0.0.1"
string(3) "::1"
string(0) ""
string(9) "127.0.0.1"
string(9) "127.0.0.1"

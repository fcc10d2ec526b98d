--TEST--
gethostbyname() inside a coroutine resolves without blocking the thread and returns its input when it cannot resolve
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    var_dump(gethostbyname("localhost"), gethostbyname("127.0.0.1"), gethostbyname("::1"), gethostbyname(""));
    go(function () { var_dump(gethostbyname("localhost")); });
    // A name outside /etc/hosts goes to the resolver on a worker thread (offline it fails, and the
    // name comes back unchanged): the coroutine parks, so the code after go() runs before the answer.
    $done = new Swoole\Coroutine\Channel(1);
    go(function () use ($done) {
        echo "lookup starts\n";
        $ip = gethostbyname("gust-no-such-host.invalid");
        echo "lookup returned $ip\n";
        $done->push(true);
    });
    echo "another coroutine ran meanwhile\n";
    $done->pop();
});
var_dump(gethostbyname("localhost"));
?>
--EXPECT--
string(9) "127.0.0.1"
string(9) "127.0.0.1"
string(3) "::1"
string(0) ""
string(9) "127.0.0.1"
lookup starts
another coroutine ran meanwhile
lookup returned gust-no-such-host.invalid
string(9) "127.0.0.1"

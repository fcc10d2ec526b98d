--TEST--
Co::getaddrinfo() is always a suspension point, as Swoole's (its lookups run on a thread pool): even for 'localhost', answered from /etc/hosts at once, another ready coroutine runs before it returns; Co::gethostbyname() of an IP literal does not suspend; a canceled getaddrinfo() returns false
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $order = [];
    $done = new Co\Channel(1);
    go(function () use (&$order, $done) {
        $order[] = 'lookup starts';
        $addrs = Co::getaddrinfo('localhost');
        $order[] = 'lookup ends: ' . var_export(is_array($addrs) && in_array('127.0.0.1', $addrs, true), true);
        $done->push(true);
    });
    $order[] = 'other runs';
    go(function () use (&$order) {
        $order[] = 'literal: ' . Co::gethostbyname('127.0.0.1');
    });
    $order[] = 'after literal';
    $done->pop();
    echo implode("\n", $order), "\n";

    $cid = go(function () {
        var_dump(Co::getaddrinfo('localhost'));
        var_dump(swoole_last_error() === SWOOLE_ERROR_CO_CANCELED);
    });
    Co::cancel($cid);
});
?>
--EXPECT--
lookup starts
other runs
literal: 127.0.0.1
after literal
lookup ends: true
bool(false)
bool(true)

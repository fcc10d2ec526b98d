--TEST--
set() replaces callbacks and the events watched; a write callback fires while the fd is writable
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
swoole_event_add($a, null, function ($s) {
    echo "writable\n";
    // Now only reads, with a new read callback.
    var_dump(swoole_event_set($s, function ($s) {
        echo "read: ", fread($s, 10), "\n";
        swoole_event_del($s);
    }, null, SWOOLE_EVENT_READ));
    var_dump(swoole_event_isset($s, SWOOLE_EVENT_WRITE), swoole_event_isset($s, SWOOLE_EVENT_READ));
}, SWOOLE_EVENT_WRITE);
var_dump(Swoole\Event::set($b, function () {}));
var_dump(Swoole\Event::add($b, null, null));
var_dump(Swoole\Event::add($b, null, function () {}, SWOOLE_EVENT_READ));
fwrite($b, "ping");
?>
--EXPECTF--
Warning: Swoole\Event::set(): fd %d is not in the event loop in %s on line %d
bool(false)

Warning: Swoole\Event::add(): both read and write callbacks are empty in %s on line %d
bool(false)

Warning: Swoole\Event::add(): Swoole\Event: unable to find read callback of fd in %s on line %d
bool(false)
writable
bool(true)
bool(false)
bool(true)
read: ping

--TEST--
add() takes a Socket object (ext/sockets) or an int fd; an invalid fd warns and returns false
--EXTENSIONS--
gust
sockets
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
[$x, $y] = $pair;
Swoole\Event::add($x, function ($sock) use ($x) {
    echo "socket read: ", socket_read($sock, 10), ", same object: ", var_export($sock === $x, true), "\n";
    Swoole\Event::del($sock);
});
socket_write($y, "sock");
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$fd = Swoole\Event::add($a, function () {}, null, 0);
var_dump(Swoole\Event::del($a));
var_dump(Swoole\Event::add($fd, function (int $fd) use ($a) {
    echo "int fd read: ", fread($a, 10), "\n";
    Swoole\Event::del($fd);
}) === $fd);
fwrite($b, "int");
var_dump(Swoole\Event::add(1 << 20, function () {}));
var_dump(Swoole\Event::add(-1, function () {}));
var_dump(Swoole\Event::add("not a fd", function () {}));
fclose($b);
var_dump(Swoole\Event::add($b, function () {}));
var_dump(Swoole\Event::del(12345), Swoole\Event::isset(0));
?>
--EXPECTF--
bool(true)
bool(true)

Warning: Swoole\Event::add(): fd argument must be either valid PHP stream or valid PHP socket resource in %s on line %d
bool(false)

Warning: Swoole\Event::add(): fd argument must be either valid PHP stream or valid PHP socket resource in %s on line %d
bool(false)

Warning: Swoole\Event::add(): fd argument must be either valid PHP stream or valid PHP socket resource in %s on line %d
bool(false)

Warning: Swoole\Event::add(): fd argument must be either valid PHP stream or valid PHP socket resource in %s on line %d
bool(false)

Warning: Swoole\Event::del(): fd argument must be either valid PHP stream or valid PHP socket resource in %s on line %d
bool(false)
bool(false)
socket read: sock, same object: true
int fd read: int

--TEST--
Event::add() and System::waitEvent() read a socket argument the same way: both take an int fd, a stream or an ext/sockets Socket, and refuse a closed stream or Socket, another object, a negative or unopened int and a string with the same warning
--EXTENSIONS--
gust
sockets
--FILE--
<?php
use Swoole\Coroutine\System;
use Swoole\Event;

$warning = null;
set_error_handler(function (int $no, string $msg) use (&$warning) {
    $warning = preg_replace('/^.*?\(\): /', '', $msg);
    return true;
});

function outcome($result, ?string &$warning): string {
    $seen = $warning;
    $warning = null;
    return $result === false ? "refused ($seen)" : "accepted";
}

Co\run(function () use (&$warning) {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
    $fd = Event::add($a, function () {});
    Event::del($a);
    [$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    fclose($c);
    socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $closed);
    socket_close($closed[0]);
    $cases = [
        'int fd' => $fd,
        'stream' => $b,
        'Socket' => $pair[0],
        'closed stream' => $c,
        'closed Socket' => $closed[0],
        'other object' => new stdClass(),
        'negative int' => -1,
        'unopened int' => 1 << 20,
        'string' => 'nope',
    ];
    foreach ($cases as $name => $value) {
        $added = Event::add($value, function () {});
        $event = outcome($added, $warning);
        if ($added !== false) Event::del($value);
        $wait = outcome(System::waitEvent($value, SWOOLE_EVENT_WRITE, 1), $warning);
        echo "$name: Event::add $event, System::waitEvent $wait\n";
    }
});
?>
--EXPECT--
int fd: Event::add accepted, System::waitEvent accepted
stream: Event::add accepted, System::waitEvent accepted
Socket: Event::add accepted, System::waitEvent accepted
closed stream: Event::add refused (fd argument must be either valid PHP stream or valid PHP socket resource), System::waitEvent refused (fd argument must be either valid PHP stream or valid PHP socket resource)
closed Socket: Event::add refused (fd argument must be either valid PHP stream or valid PHP socket resource), System::waitEvent refused (fd argument must be either valid PHP stream or valid PHP socket resource)
other object: Event::add refused (fd argument must be either valid PHP stream or valid PHP socket resource), System::waitEvent refused (fd argument must be either valid PHP stream or valid PHP socket resource)
negative int: Event::add refused (fd argument must be either valid PHP stream or valid PHP socket resource), System::waitEvent refused (fd argument must be either valid PHP stream or valid PHP socket resource)
unopened int: Event::add refused (fd argument must be either valid PHP stream or valid PHP socket resource), System::waitEvent refused (fd argument must be either valid PHP stream or valid PHP socket resource)
string: Event::add refused (fd argument must be either valid PHP stream or valid PHP socket resource), System::waitEvent refused (fd argument must be either valid PHP stream or valid PHP socket resource)

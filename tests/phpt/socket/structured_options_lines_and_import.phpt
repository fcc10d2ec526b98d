--TEST--
Coroutine\Socket: multicast options by group and interface (index or name), IP_MULTICAST_IF read back as an index, IPV6_PKTINFO as an array, bad option values refused with a warning; recvLine() ends at "\r" as well as "\n"; import() of a file stream is refused
--EXTENSIONS--
gust
sockets
--FILE--
<?php
require __DIR__ . '/listen.inc';
Co\run(function () {
    $udp = new Swoole\Coroutine\Socket(AF_INET, SOCK_DGRAM, SOL_UDP);
    $lo = 1;  // the loopback interface is the first one in every network namespace
    var_dump($udp->setOption(IPPROTO_IP, IP_MULTICAST_IF, $lo), $udp->getOption(IPPROTO_IP, IP_MULTICAST_IF));
    var_dump($udp->setOption(IPPROTO_IP, IP_MULTICAST_IF, 0), $udp->getOption(IPPROTO_IP, IP_MULTICAST_IF));
    var_dump($udp->setOption(IPPROTO_IP, IP_MULTICAST_IF, 'lo'), $udp->getOption(IPPROTO_IP, IP_MULTICAST_IF));
    var_dump(@$udp->setOption(IPPROTO_IP, IP_MULTICAST_IF, 'no-such-if0'));

    // Join a group on lo, send to it from another socket, receive it; then leave.
    $rx = new Swoole\Coroutine\Socket(AF_INET, SOCK_DGRAM, SOL_UDP);
    var_dump($rx->bind('0.0.0.0', 0));
    $port = $rx->getsockname()['port'];
    var_dump($rx->setOption(IPPROTO_IP, MCAST_JOIN_GROUP, ['group' => '224.0.0.23', 'interface' => 'lo']));
    $tx = new Swoole\Coroutine\Socket(AF_INET, SOCK_DGRAM, SOL_UDP);
    $tx->setOption(IPPROTO_IP, IP_MULTICAST_IF, 'lo');
    var_dump($tx->sendto('224.0.0.23', $port, 'to the group'));
    $peer = [];
    var_dump($rx->recvfrom($peer, 1));
    var_dump($rx->setOption(IPPROTO_IP, MCAST_LEAVE_GROUP, ['group' => '224.0.0.23', 'interface' => $lo]));
    // Bad values: not an array, a key missing, an address that is not one.
    var_dump(@$rx->setOption(IPPROTO_IP, MCAST_JOIN_GROUP, 5));
    var_dump(@$rx->setOption(IPPROTO_IP, MCAST_JOIN_GROUP, ['interface' => 0]));
    var_dump(@$rx->setOption(IPPROTO_IP, MCAST_JOIN_GROUP, ['group' => 'not-an-address', 'interface' => 0]));

    $udp6 = new Swoole\Coroutine\Socket(AF_INET6, SOCK_DGRAM, SOL_UDP);
    var_dump(@$udp6->setOption(IPPROTO_IPV6, IPV6_PKTINFO, []));
    var_dump($udp6->setOption(IPPROTO_IPV6, IPV6_PKTINFO, ['addr' => '::1', 'ifindex' => 0]));
    var_dump($udp6->setOption(IPPROTO_IPV6, IPV6_MULTICAST_IF, $lo), $udp6->getOption(IPPROTO_IPV6, IPV6_MULTICAST_IF));

    [$client, $conn] = tcp_pair();
    $client->send("one\r\ntwo\rthree\n" . str_repeat('A', 6));
    $client->close();
    var_dump($conn->recvLine(), $conn->recvLine(), $conn->recvLine(), $conn->recvLine(), $conn->recvLine(4),
             $conn->recvLine(), $conn->recvLine());

    var_dump(Swoole\Coroutine\Socket::import(fopen(__FILE__, 'rb')));
});
?>
--EXPECTF--
bool(true)
int(1)
bool(true)
int(0)
bool(true)
int(1)
bool(false)
bool(true)
bool(true)
int(12)
string(12) "to the group"
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
int(1)
string(4) "one%r\r%r"
string(1) "
"
string(4) "two%r\r%r"
string(6) "three
"
string(4) "AAAA"
string(2) "AA"
string(0) ""

Warning: Swoole\Coroutine\Socket::import(): Cannot represent a stream of type STDIO as a Socket Descriptor in %s on line %d
bool(false)

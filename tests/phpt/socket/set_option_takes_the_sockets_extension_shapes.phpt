--TEST--
Coroutine\Socket setOption()/getOption() take the sockets extension's shapes: one-byte multicast TTL/LOOP, IP_MULTICAST_IF by interface index, group arrays, IPV6_PKTINFO, SO_BINDTODEVICE names, zoned IPv6 sources; wrong values and failed setsockopt() warn and give false
--EXTENSIONS--
gust
sockets
--FILE--
<?php
use Swoole\Coroutine\Socket;

Co\run(function () {
    $s = new Socket(AF_INET, SOCK_DGRAM, SOL_UDP);
    var_dump($s->setOption(IPPROTO_IP, IP_MULTICAST_TTL, 9), $s->getOption(IPPROTO_IP, IP_MULTICAST_TTL));
    var_dump(@$s->setOption(IPPROTO_IP, IP_MULTICAST_TTL, 256), $s->getOption(IPPROTO_IP, IP_MULTICAST_TTL));
    var_dump($s->setOption(IPPROTO_IP, IP_MULTICAST_LOOP, 256), $s->getOption(IPPROTO_IP, IP_MULTICAST_LOOP));
    var_dump($s->setOption(IPPROTO_IP, IP_MULTICAST_LOOP, false), $s->getOption(IPPROTO_IP, IP_MULTICAST_LOOP));
    $lo = 1;  // the loopback interface's index on Linux
    var_dump($s->setOption(IPPROTO_IP, IP_MULTICAST_IF, $lo), $s->getOption(IPPROTO_IP, IP_MULTICAST_IF) === $lo);
    var_dump($s->setOption(IPPROTO_IP, IP_MULTICAST_IF, 0), $s->getOption(IPPROTO_IP, IP_MULTICAST_IF));
    var_dump($s->setOption(IPPROTO_IP, MCAST_JOIN_GROUP, ['group' => '224.0.0.23', 'interface' => 'lo']));
    var_dump($s->setOption(IPPROTO_IP, MCAST_LEAVE_GROUP, ['group' => '224.0.0.23', 'interface' => 'lo']));
    var_dump($s->setOption(IPPROTO_IP, MCAST_JOIN_GROUP, ['interface' => 0]));
    var_dump(@$s->setOption(IPPROTO_IP, MCAST_JOIN_GROUP, ['group' => 'not an ip', 'interface' => 0]));

    $t = new Socket(AF_INET, SOCK_STREAM, SOL_TCP);
    var_dump($t->setOption(SOL_SOCKET, SO_BINDTODEVICE, 'lo'));
    var_dump($t->setOption(SOL_SOCKET, SO_BINDTODEVICE, 'ethIDONOTEXIST'), $t->errCode === SOCKET_ENODEV);

    $u = new Socket(AF_INET6, SOCK_DGRAM, SOL_UDP);
    var_dump($u->setOption(IPPROTO_IPV6, IPV6_PKTINFO, []));
    var_dump($u->setOption(IPPROTO_IPV6, IPV6_PKTINFO, ['addr' => '::1', 'ifindex' => 0]));
    // A link-local source with its zone, as recvfrom() reports one, is an address (the kernel may
    // still refuse the group: only the conversion is checked).
    error_clear_last();
    @$u->setOption(IPPROTO_IPV6, MCAST_JOIN_SOURCE_GROUP, ['group' => 'ff02::114', 'interface' => 0, 'source' => 'fe80::1%1']);
    var_dump(str_contains(error_get_last()['message'] ?? '', 'not an IP address'));
    @$u->setOption(IPPROTO_IPV6, MCAST_JOIN_SOURCE_GROUP, ['group' => 'ff02::114', 'interface' => 0, 'source' => 'fe80::1%']);
    var_dump(str_contains(error_get_last()['message'] ?? '', 'not an IP address'));
});
?>
--EXPECTF--
bool(true)
int(9)
bool(false)
int(9)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)

Warning: Swoole\Coroutine\Socket::setOption(): error converting user data (path: group_req): The key 'group' is required in %s on line %d
bool(false)
bool(false)
bool(true)

Warning: Swoole\Coroutine\Socket::setOption(): setsockopt(%d) failed, Error: No such device[19] in %s on line %d
bool(false)
bool(true)

Warning: Swoole\Coroutine\Socket::setOption(): error converting user data (path: in6_pktinfo): The key 'addr' is required in %s on line %d
bool(false)
bool(true)
bool(false)
bool(true)

--TEST--
Coroutine\Socket: a raw ICMP socket connects to an address without a port (0 is the only port a raw socket has), sends an echo request and receives the reply; an IP socket of another type still refuses port 0 with a warning
--EXTENSIONS--
gust
posix
--SKIPIF--
<?php if (posix_geteuid() !== 0) die('skip raw sockets need root (CAP_NET_RAW)'); ?>
--FILE--
<?php
// An ICMP echo request (type 8) with its Internet checksum (RFC 1071).
function echo_request(string $payload): string {
    $packet = pack('CCnnn', 8, 0, 0, 0x4747, 1) . $payload;
    $sum = 0;
    foreach (unpack('n*', strlen($packet) % 2 ? $packet . "\0" : $packet) as $word) $sum += $word;
    while ($sum >> 16) $sum = ($sum & 0xffff) + ($sum >> 16);
    return substr_replace($packet, pack('n', ~$sum & 0xffff), 2, 2);
}
Co\run(function () {
    $raw = new Swoole\Coroutine\Socket(AF_INET, SOCK_RAW, 1 /* IPPROTO_ICMP */);
    var_dump($raw->connect('127.0.0.1'));
    var_dump($raw->send(echo_request('gust-ping')) === 17);
    // Both the request (raw sockets see their own loopback traffic) and the reply may arrive: find
    // the reply (type 0) behind the 20-byte IPv4 header.
    $reply = null;
    for ($i = 0; $i < 4 && $reply === null; $i++) {
        $got = $raw->recv(256, 2);
        if ($got === false) break;
        if (ord($got[20]) === 0) $reply = substr($got, 28);
    }
    var_dump($reply);
    $tcp = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    var_dump(@$tcp->connect('127.0.0.1'), $tcp->errCode === SOCKET_EINVAL);
});
?>
--EXPECT--
bool(true)
bool(true)
string(9) "gust-ping"
bool(false)
bool(true)

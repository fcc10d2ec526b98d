--TEST--
Coroutine\Socket::setProtocol() + recvPacket(): length framing across split writes, several packages in one read, EOF framing, recvLine/recvWithBuffer; a length past package_max_length fails with SWOOLE_ERROR_PACKAGE_LENGTH_TOO_LARGE; a peer closing mid-packet gives ""
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/listen.inc';
Co\run(function () {
    [$client, $conn] = tcp_pair();
    var_dump($conn->setProtocol(['open_length_check' => true, 'package_length_type' => 'N',
                                 'package_length_offset' => 0, 'package_body_offset' => 4,
                                 'package_max_length' => 1024]));
    $ch = new Swoole\Coroutine\Channel(1);
    go(function () use ($client, $ch) {
        $p = pack('N', 5) . 'hello';
        $client->send(substr($p, 0, 2));
        $ch->pop();
        $client->send(substr($p, 2));
        $client->send(pack('N', 1) . 'a' . pack('N', 2) . 'bc');
    });
    $ch->push(true);  // the reader waits with half a header
    var_dump(bin2hex($conn->recvPacket(1)));
    var_dump(bin2hex($conn->recvPacket(1)), bin2hex($conn->recvPacket(1)));
    // Too long.
    $client->send(pack('N', 4096) . 'xxxx');
    var_dump($conn->recvPacket(1), $conn->errCode === SWOOLE_ERROR_PACKAGE_LENGTH_TOO_LARGE);
    // Bad settings are refused with a warning.
    var_dump(@$conn->setProtocol(['open_length_check' => true, 'package_length_type' => 'Z']));

    // EOF framing and the line reads on a fresh pair.
    [$client, $conn] = tcp_pair();
    var_dump($conn->setProtocol(['open_eof_check' => true, 'package_eof' => "\r\n\r\n"]));
    $client->send("one\r\n\r\ntw");
    var_dump($conn->recvPacket(1));
    $client->send("o\r\n\r\n");
    var_dump($conn->recvPacket(1));
    $conn->setProtocol([]);
    $client->send("line1\nline2\nrest");
    var_dump($conn->recvLine(), $conn->recvLine(), $conn->recvLine(3), $conn->recvWithBuffer(1), $conn->recvWithBuffer(10, 0.05));

    // A peer that closes in the middle of a package.
    [$client, $conn] = tcp_pair();
    $conn->setProtocol(['open_length_check' => true, 'package_length_type' => 'n', 'package_body_offset' => 2]);
    $client->send(pack('n', 10) . 'abc');
    $client->close();
    var_dump($conn->recvPacket(1), $conn->errCode);
});
?>
--EXPECT--
bool(true)
string(18) "0000000568656c6c6f"
string(10) "0000000161"
string(12) "000000026263"
bool(false)
bool(true)
bool(false)
bool(true)
string(7) "one

"
string(7) "two

"
string(6) "line1
"
string(6) "line2
"
string(3) "res"
string(1) "t"
bool(false)
string(0) ""
int(0)

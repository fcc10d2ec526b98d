--TEST--
Coroutine HTTP client WebSocket: upgrade() checks 101 and Sec-WebSocket-Accept; push() sends masked frames; recv() answers pings, joins fragments and returns Frame objects; a close frame ends the connection
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;

function accept_for(string $req): string
{
    preg_match('/Sec-WebSocket-Key: (\S+)/i', $req, $m);
    return base64_encode(sha1($m[1] . '258EAFA5-E914-47DA-95CA-C5AB0DC85B11', true));
}

// Reads one client frame: [fin, opcode, masked, payload].
function read_frame($c): array
{
    $h = fread($c, 2);
    $len = ord($h[1]) & 0x7f;
    if ($len === 126) $len = unpack('n', fread($c, 2))[1];
    $masked = (ord($h[1]) & 0x80) !== 0;
    $key = $masked ? fread($c, 4) : "\0\0\0\0";
    $data = '';
    while (strlen($data) < $len) $data .= fread($c, $len - strlen($data));
    for ($i = 0; $i < $len; $i++) $data[$i] = $data[$i] ^ $key[$i % 4];
    return [(ord($h[0]) & 0x80) !== 0, ord($h[0]) & 0x0f, $masked, $data];
}

function frame(int $opcode, string $data, bool $fin = true): string
{
    $len = strlen($data);
    return chr(($fin ? 0x80 : 0) | $opcode) . ($len < 126 ? chr($len) : chr(126) . pack('n', $len)) . $data;
}

raw_test([
    "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nno",
    fn($c, $req) => fwrite($c, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: d3Jvbmc=\r\n\r\n"),
    function ($c, $req) {
        // A good handshake, with the first frame in the same packet as the 101.
        fwrite($c, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Accept: "
                   . accept_for($req) . "\r\n\r\n" . frame(1, 'welcome'));
        [$fin, $op, $masked, $data] = read_frame($c);
        $GLOBALS['log'][] = "server got: fin=" . (int)$fin . " opcode=$op masked=" . (int)$masked . " data=$data";
        [$fin, $op, $masked, $data] = read_frame($c);
        $GLOBALS['log'][] = "server got: fin=" . (int)$fin . " opcode=$op masked=" . (int)$masked . " bytes=" . strlen($data);
        fwrite($c, frame(9, 'are you there') . frame(1, 'frag-', false) . frame(0, 'ment', false) . frame(0, 'ed'));
        [, $op, , $data] = read_frame($c);
        $GLOBALS['log'][] = "server got pong: opcode=$op data=$data";
        fwrite($c, frame(2, "\x00\xff") . frame(8, pack('n', 4000) . 'bye'));
        [, $op, , $data] = read_frame($c);
        $GLOBALS['log'][] = "server got close: opcode=$op code=" . unpack('n', $data)[1];
    },
], function ($port) {
    $c = new Client('127.0.0.1', $port);
    echo 'upgrade to 200: ', var_export($c->upgrade('/'), true), ' status=', $c->statusCode, "\n";
    $c = new Client('127.0.0.1', $port);
    echo 'bad accept: ', var_export($c->upgrade('/'), true), ' status=', $c->statusCode, ' err=', $c->errCode, "\n";
    var_dump($c->push('x'));
    $c = new Client('127.0.0.1', $port);
    $c->set(['open_websocket_ping_frame' => true, 'open_websocket_close_frame' => true]);
    echo 'good: ', var_export($c->upgrade('/chat'), true), ' status=', $c->statusCode, ' connected=', var_export($c->connected, true), "\n";
    $f = $c->recv(5);
    echo "recv: opcode=$f->opcode data=$f->data finish=", var_export($f->finish, true), "\n";
    var_dump($c->push('hi there'));
    var_dump($c->push(str_repeat('b', 300), 2));
    $f = $c->recv(5);
    echo "recv: opcode=$f->opcode data=$f->data\n";  // the ping, already answered
    $f = $c->recv(5);
    echo "recv: opcode=$f->opcode data=$f->data\n";
    $f = $c->recv(5);
    echo "recv: opcode=$f->opcode data=", bin2hex($f->data), "\n";
    $f = $c->recv(5);
    $c->disconnect($f->code);  // with open_websocket_close_frame the caller answers the close
    echo "recv: opcode=$f->opcode code=$f->code reason=$f->reason connected=", var_export($c->connected, true), "\n";
    var_dump($c->recv(1));
});
echo implode("\n", $GLOBALS['log']), "\n";
?>
--EXPECTF--
upgrade to 200: false status=200
bad accept: false status=101 err=71

Warning: Swoole\Coroutine\Http\Client::push(): websocket handshake failed, cannot push data in %s on line %d
bool(false)
good: true status=101 connected=true
recv: opcode=1 data=welcome finish=true
bool(true)
bool(true)
recv: opcode=9 data=are you there
recv: opcode=1 data=frag-mented
recv: opcode=2 data=00ff
recv: opcode=8 code=4000 reason=bye connected=false
bool(false)
server got: fin=1 opcode=1 masked=1 data=hi there
server got: fin=1 opcode=2 masked=1 bytes=300
server got pong: opcode=10 data=are you there
server got close: opcode=8 code=4000

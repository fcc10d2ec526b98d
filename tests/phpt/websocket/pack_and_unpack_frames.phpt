--TEST--
WebSocket\Server::pack()/unpack() and Frame: lengths of every header size, masks, close frames, compression, __toString
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\WebSocket\{Server, Frame, CloseFrame};
foreach ([0, 125, 126, 65535, 65536] as $n) {
    $packed = Server::pack(str_repeat('x', $n), WEBSOCKET_OPCODE_BINARY);
    $f = Server::unpack($packed);
    printf("%6d: header %d bytes, back %d bytes opcode %d finish %s\n", $n, strlen($packed) - $n, strlen($f->data), $f->opcode, var_export($f->finish, true));
}
$masked = Server::pack('secret', WEBSOCKET_OPCODE_TEXT, SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_MASK);
var_dump(str_contains($masked, 'secret'), Server::unpack($masked)->data, Server::unpack($masked)->flags);
$close = new CloseFrame;
$close->code = 4001;
$close->reason = 'bye';
$u = Frame::unpack((string)$close);
var_dump(get_class($u), $u->code, $u->reason, $u->opcode);
$z = Server::pack(str_repeat('compress me ', 100), WEBSOCKET_OPCODE_TEXT, SWOOLE_WEBSOCKET_FLAG_FIN | SWOOLE_WEBSOCKET_FLAG_COMPRESS);
$back = Server::unpack($z);
var_dump(strlen($z) < 200, $back->data === str_repeat('compress me ', 100), $back->flags & SWOOLE_WEBSOCKET_FLAG_COMPRESS);
$frame = new Frame;
$frame->data = 'hi';
$frame->opcode = WEBSOCKET_OPCODE_PING;
var_dump(bin2hex((string)$frame), Server::unpack("\x81"), Server::unpack(''));
var_dump(WEBSOCKET_OPCODE_PONG, SWOOLE_WEBSOCKET_CLOSE_MESSAGE_TOO_BIG, WEBSOCKET_STATUS_ACTIVE);
try {
    Server::pack('x', 3);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
     0: header 2 bytes, back 0 bytes opcode 2 finish true
   125: header 2 bytes, back 125 bytes opcode 2 finish true
   126: header 4 bytes, back 126 bytes opcode 2 finish true
 65535: header 4 bytes, back 65535 bytes opcode 2 finish true
 65536: header 10 bytes, back 65536 bytes opcode 2 finish true
bool(false)
string(6) "secret"
int(33)
string(27) "Swoole\WebSocket\CloseFrame"
int(4001)
string(3) "bye"
int(8)
bool(true)
bool(true)
int(2)
string(8) "89026869"
bool(false)
bool(false)
int(10)
int(1009)
int(3)
invalid WebSocket opcode 3

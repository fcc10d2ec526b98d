--TEST--
Http2\Client as a gRPC client against a Python grpcio server: a unary call, a server-streaming call read message by message with read(), an error status; grpc-status and grpc-message come from the trailers
--EXTENSIONS--
gust
--SKIPIF--
<?php
exec('env -u LD_PRELOAD python3 -c "import grpc" 2>&1', $o, $rc);
if ($rc !== 0) die('skip the Python grpcio package is not installed (tools/deps.sh installs it)');
?>
--FILE--
<?php
require __DIR__ . '/servers.inc';
use Swoole\Coroutine\Http2\Client;
use Swoole\Http2\Request;

[$port, $stop] = start_server(['python3', __DIR__ . '/grpc_server.py'], '/PORT (\d+)/');

// protobuf {string text = 1;} and gRPC's length-prefixed message framing, by hand
function grpc_frame(string $text): string
{
    $msg = "\x0a" . chr(strlen($text)) . $text;
    return "\0" . pack('N', strlen($msg)) . $msg;
}
function grpc_messages(string $data): array
{
    $out = [];
    while (strlen($data) >= 5) {
        $len = unpack('N', substr($data, 1, 4))[1];
        $msg = substr($data, 5, $len);
        $out[] = substr($msg, 2, ord($msg[1]));
        $data = substr($data, 5 + $len);
    }
    return $out;
}
function call(string $method, string $text): Request
{
    $r = new Request;
    $r->method = 'POST';
    $r->path = "/test.Echo/$method";
    $r->headers = ['content-type' => 'application/grpc', 'te' => 'trailers', 'user-agent' => 'gust-test'];
    $r->data = grpc_frame($text);
    return $r;
}

Co\run(function () use ($port) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    var_dump($c->connect());

    $c->send(call('Unary', 'hello'));
    $r = $c->recv();
    var_dump($r->statusCode, $r->headers['content-type'], $r->headers['grpc-status'], grpc_messages($r->data));

    // server streaming: each DATA frame comes out as a part; the trailers end the call
    $id = $c->send(call('Stream', 'tick'));
    $messages = [];
    $status = null;
    for ($i = 0; $i < 20; $i++) {
        $r = $c->read();
        if (!$r) break;
        if ($r->data !== null) $messages = array_merge($messages, grpc_messages($r->data));
        if (!$r->pipeline) {
            $status = $r->headers['grpc-status'] ?? null;
            break;
        }
    }
    var_dump($messages, $status);

    $c->send(call('Fail', 'way'));
    $r = $c->recv();
    var_dump($r->statusCode, $r->headers['grpc-status'] === '3', $r->headers['grpc-message']);
    $c->close();
});
$stop();
echo "done\n";
?>
--EXPECT--
bool(true)
int(200)
string(16) "application/grpc"
string(1) "0"
array(1) {
  [0]=>
  string(5) "HELLO"
}
array(3) {
  [0]=>
  string(6) "tick 0"
  [1]=>
  string(6) "tick 1"
  [2]=>
  string(6) "tick 2"
}
string(1) "0"
int(200)
bool(true)
string(6) "no way"
done

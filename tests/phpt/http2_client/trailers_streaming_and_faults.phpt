--TEST--
Http2\Client against a scripted h2 server (Python h2): trailers merged into headers, read() parts of a streaming response, pipeline writes, request headers and cookies, a reset stream, a recv() timeout that keeps the connection, a graceful GOAWAY, a server that closes mid-stream
--EXTENSIONS--
gust
--SKIPIF--
<?php
exec('env -u LD_PRELOAD python3 -c "import h2" 2>&1', $o, $rc);
if ($rc !== 0) die('skip the Python h2 package is not installed (tools/deps.sh installs it)');
?>
--FILE--
<?php
require __DIR__ . '/servers.inc';
use Swoole\Coroutine\Http2\Client;
use Swoole\Http2\Request;

[$port, $stop] = start_py_h2();

function req(string $path, string $method = 'GET'): Request
{
    $r = new Request;
    $r->path = $path;
    $r->method = $method;
    return $r;
}

Co\run(function () use ($port) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    var_dump($c->connect());

    echo "-- trailers\n";
    $c->send(req('/trailers'));
    $r = $c->recv();
    var_dump($r->statusCode, $r->data, $r->pipeline, $r->errCode);
    echo json_encode($r->headers), "\n";

    echo "-- read() hands out parts\n";
    $id = $c->send(req('/stream/3'));
    $parts = [];
    do {
        $r = $c->read();
        $parts[] = [$r->streamId === $id, $r->pipeline, $r->statusCode, $r->data];
    } while ($r->pipeline);
    echo json_encode($parts), "\n";
    echo "-- recv() waits for the whole\n";
    $c->send(req('/stream/3'));
    $r = $c->recv();
    var_dump($r->pipeline, $r->data);
    echo "-- usePipelineRead makes recv() stream too\n";
    $q = req('/stream/2');
    $q->usePipelineRead = true;
    $c->send($q);
    $n = 0;
    do {
        $r = $c->recv();
        $n++;
    } while ($r->pipeline);
    var_dump($n);

    echo "-- pipeline request: write() streams the body\n";
    $q = req('/echo', 'POST');
    $q->pipeline = true;
    $q->data = 'a';
    $id = $c->send($q);
    var_dump($c->write($id, 'bc'), $c->write($id, ['k' => 'v w']), $c->write($id, '!', true));
    var_dump($c->write($id, 'late'), $c->errCode === SOCKET_EINVAL, $c->write(12345, 'x'));
    $r = $c->recv();
    var_dump($r->data, $r->headers['x-len']);

    echo "-- request headers and cookies\n";
    $q = req('/headers');
    $q->headers = ['X-Custom' => 'Yes', 'Connection' => 'keep-alive', 'host' => 'example.test', 'skip' => null];
    $q->cookies = ['sid' => 'a b', 'n' => 1];
    $c->send($q);
    $h = json_decode($c->recv()->data, true);
    echo json_encode([$h[':authority'], $h[':method'], $h[':scheme'], $h[':path'], $h['x-custom'],
                      isset($h['connection']), isset($h['skip']), $h['cookie']]), "\n";
    $q = req('/headers');
    $q->headers = 1;
    $c->send($q);
    var_dump(is_array($q->headers), json_decode($c->recv()->data, true)[':authority'] === "127.0.0.1:$port");

    echo "-- set-cookie\n";
    $c->send(req('/cookies'));
    $r = $c->recv();
    echo json_encode([$r->cookies, $r->set_cookie_headers]), "\n";

    echo "-- RST_STREAM\n";
    $id = $c->send(req('/rst'));
    $r = $c->recv();
    var_dump($r->streamId === $id, $r->statusCode, $r->errCode === SWOOLE_HTTP2_ERROR_CANCEL, $c->connected);

    echo "-- timeout, then the connection still works\n";
    $c->send(req('/silent'));
    $t = microtime(true);
    var_dump($c->recv(0.2), $c->errCode === SOCKET_ETIMEDOUT, microtime(true) - $t < 2, $c->connected);
    $c->send(req('/trailers'));
    $r = $c->recv();
    var_dump($r->data);

    echo "-- GOAWAY: the stream it names still completes, then the connection is done\n";
    $c->close();
    $c->connect();
    $id = $c->send(req('/goaway'));
    $r = $c->recv();
    var_dump($r->data, $c->serverLastStreamId === $id, $c->errCode, $c->errMsg, $c->connected);
    var_dump($c->send(req('/trailers')), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);

    echo "-- the server closes mid-stream\n";
    var_dump($c->connect());
    $c->send(req('/close'));
    var_dump($c->recv(), $c->errCode === SOCKET_ECONNRESET, $c->connected);

    echo "-- ping and goaway of our own\n";
    var_dump($c->connect(), $c->ping(), $c->goaway(SWOOLE_HTTP2_ERROR_NO_ERROR, 'bye'), $c->recv(1), $c->connected);
    $c->close();
});
$stop();
echo "done\n";
?>
--EXPECT--
bool(true)
-- trailers
int(200)
string(3) "abc"
bool(false)
int(0)
{"content-type":"text\/plain","grpc-status":"0","x-t":"1"}
-- read() hands out parts
[[true,true,200,"part 0\n"],[true,true,0,"part 1\n"],[true,true,0,"part 2\n"],[true,false,0,null]]
-- recv() waits for the whole
bool(false)
string(21) "part 0
part 1
part 2
"
-- usePipelineRead makes recv() stream too
int(3)
-- pipeline request: write() streams the body
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
string(9) "abck=v+w!"
string(1) "9"
-- request headers and cookies
["example.test","GET","http","\/headers","Yes",false,false,"sid=a+b; n=1"]
bool(true)
bool(true)
-- set-cookie
[{"a":"1 2","b":"x"},["a=1%202; path=\/","b=x"]]
-- RST_STREAM
bool(true)
int(-3)
bool(true)
bool(true)
-- timeout, then the connection still works
bool(false)
bool(true)
bool(true)
bool(true)
string(3) "abc"
-- GOAWAY: the stream it names still completes, then the connection is done
string(4) "done"
bool(true)
int(0)
string(3) "bye"
bool(false)
bool(false)
bool(true)
-- the server closes mid-stream
bool(true)
bool(false)
bool(true)
bool(false)
-- ping and goaway of our own
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
done

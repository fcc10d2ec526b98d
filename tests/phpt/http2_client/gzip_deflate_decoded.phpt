--TEST--
Http2\Client decodes gzip and deflate response bodies (Content-Encoding) as the HTTP/1 client does; http_compression => false keeps the raw bytes; a body that is not what it claims stays as it came with errCode EPROTO; read() parts are not decoded
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

function req(string $path): Request
{
    $r = new Request;
    $r->path = $path;
    return $r;
}

function expected(int $n): string
{
    $s = '';
    for ($i = 0; $i < $n; $i++) $s .= "line $i\n";
    return $s;
}

Co\run(function () use ($port) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    var_dump($c->connect());

    echo "-- gzip over many DATA frames\n";
    $c->send(req('/gzip/20000'));
    $r = $c->recv();
    var_dump($r->statusCode, $r->headers['content-encoding'], strlen($r->data) === (int)$r->headers['x-plain-len'],
        $r->data === expected(20000));

    echo "-- deflate\n";
    $c->send(req('/deflate'));
    var_dump($c->recv()->data);

    echo "-- not gzip: the bytes as they came, errCode EPROTO\n";
    $c->send(req('/badgzip'));
    $r = $c->recv();
    var_dump($r->data, $c->errCode === 71 /* EPROTO */);

    echo "-- concurrent streams, each decoded\n";
    $ids = [$c->send(req('/gzip/10')), $c->send(req('/gzip/300')), $c->send(req('/deflate'))];
    $got = [];
    for ($i = 0; $i < 3; $i++) {
        $r = $c->recv();
        $got[$r->streamId] = $r->data;
    }
    var_dump($got[$ids[0]] === expected(10), $got[$ids[1]] === expected(300), $got[$ids[2]]);
    $c->close();

    echo "-- http_compression => false\n";
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5, 'http_compression' => false]);
    $c->connect();
    $c->send(req('/gzip/10'));
    $r = $c->recv();
    var_dump(gzdecode($r->data) === expected(10));
    $c->close();
});
$stop();
?>
--EXPECT--
bool(true)
-- gzip over many DATA frames
int(200)
string(4) "gzip"
bool(true)
bool(true)
-- deflate
string(13) "deflated body"
-- not gzip: the bytes as they came, errCode EPROTO
string(15) "not gzip at all"
bool(true)
-- concurrent streams, each decoded
bool(true)
bool(true)
string(13) "deflated body"
-- http_compression => false
bool(true)

--TEST--
Static handler: Range requests (one range, several as multipart/byteranges, suffix, open end, If-Range, 416, too many ranges ignored) and the same file over HTTP/2
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$root = sys_get_temp_dir() . '/gust-range-' . getmypid();
@mkdir($root);
$data = '';
for ($i = 0; $i < 1000; $i++) $data .= chr($i % 251);
file_put_contents("$root/f.bin", $data);
http_test(function ($req, $resp) {
    $resp->end('php');
}, function ($port) use ($data) {
    $show = function ($label, $r) {
        printf("%-14s %d range=%s accept=%s len=%s\n", $label, $r['status'], $r['headers']['content-range'] ?? '-',
               $r['headers']['accept-ranges'] ?? '-', $r['headers']['content-length'] ?? '-');
    };
    $r = http_get($port, '/f.bin');
    $show('whole', $r);
    $lm = $r['headers']['last-modified'];
    foreach (['bytes=0-15', 'bytes=990-', 'bytes=-10', 'bytes=-5000', 'bytes=995-2000'] as $range) {
        $r = http_get($port, '/f.bin', ['Range' => $range]);
        $show($range, $r);
        preg_match('/bytes (\d+)-(\d+)/', $r['headers']['content-range'], $m);
        var_dump($r['body'] === substr($data, (int)$m[1], $m[2] - $m[1] + 1));
    }
    foreach (['bytes=abc', 'bytes=1000-', 'bytes=5-2', 'items=0-1'] as $range) {
        $show($range, http_get($port, '/f.bin', ['Range' => $range]));
    }
    $r = http_get($port, '/f.bin', ['Range' => 'bytes=0-1,10-12']);
    preg_match('/^multipart\/byteranges; boundary=(\S+)$/', $r['headers']['content-type'], $m);
    $b = $m[1];
    $type = 'application/octet-stream';
    $expect = "--$b\r\nContent-Type: $type\r\nContent-Range: bytes 0-1/1000\r\n\r\n" . substr($data, 0, 2) . "\r\n"
            . "--$b\r\nContent-Type: $type\r\nContent-Range: bytes 10-12/1000\r\n\r\n" . substr($data, 10, 3) . "\r\n--$b--\r\n";
    echo "multipart: ", $r['status'], " ", var_export($r['body'] === $expect, true), " ", strlen($r['body']) == $r['headers']['content-length'] ? "length ok" : "length wrong", "\n";
    $show('17 ranges', http_get($port, '/f.bin', ['Range' => 'bytes=' . implode(',', array_fill(0, 17, '0-0'))]));
    $show('if-range same', http_get($port, '/f.bin', ['Range' => 'bytes=0-0', 'If-Range' => $lm]));
    $show('if-range old', http_get($port, '/f.bin', ['Range' => 'bytes=0-0', 'If-Range' => gmdate('D, d M Y H:i:s', strtotime($lm) - 1) . ' GMT']));
    $show('if-range etag', http_get($port, '/f.bin', ['Range' => 'bytes=0-0', 'If-Range' => '"x"']));
    $show('head range', http_get($port, '/f.bin', ['Range' => 'bytes=0-9'], 'HEAD'));

    $h2 = new Swoole\Coroutine\Http2\Client('127.0.0.1', $port);
    $h2->connect();
    foreach ([[], ['range' => 'bytes=-3']] as $headers) {
        $req = new Swoole\Http2\Request();
        $req->path = '/f.bin';
        $req->headers = $headers;
        $h2->send($req);
        $resp = $h2->recv(5);
        printf("h2 %d %s %s\n", $resp->statusCode, $resp->headers['content-range'] ?? '-',
               var_export($resp->data === ($headers ? substr($data, -3) : $data), true));
    }
    $req = new Swoole\Http2\Request();
    $req->path = '/missing.bin';
    $h2->send($req);
    echo "h2 missing: ", $h2->recv(5)->data, "\n";
    $h2->close();
}, ['enable_static_handler' => true, 'document_root' => $root, 'open_http2_protocol' => true]);
exec('rm -rf ' . escapeshellarg($root));
?>
--EXPECT--
whole          200 range=- accept=bytes len=1000
bytes=0-15     206 range=bytes 0-15/1000 accept=- len=16
bool(true)
bytes=990-     206 range=bytes 990-999/1000 accept=- len=10
bool(true)
bytes=-10      206 range=bytes 990-999/1000 accept=- len=10
bool(true)
bytes=-5000    206 range=bytes 0-999/1000 accept=- len=1000
bool(true)
bytes=995-2000 206 range=bytes 995-999/1000 accept=- len=5
bool(true)
bytes=abc      416 range=bytes */1000 accept=- len=0
bytes=1000-    416 range=bytes */1000 accept=- len=0
bytes=5-2      416 range=bytes */1000 accept=- len=0
items=0-1      200 range=- accept=bytes len=1000
multipart: 206 true length ok
17 ranges      200 range=- accept=bytes len=1000
if-range same  206 range=bytes 0-0/1000 accept=- len=1
if-range old   200 range=- accept=bytes len=1000
if-range etag  200 range=- accept=bytes len=1000
head range     206 range=bytes 0-9/1000 accept=- len=10
h2 200 - true
h2 206 bytes 997-999/1000 true
h2 missing: php

--TEST--
Response::sendfile(): Content-Type from the extension, offset and length, missing files refused
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$file = sys_get_temp_dir() . '/gust-sendfile-' . getmypid() . '.json';
file_put_contents($file, '0123456789abcdef');
http_test(function ($req, $resp) use ($file) {
    switch ($req->server['request_uri']) {
        case '/all': var_dump($resp->sendfile($file)); break;
        case '/range': $resp->sendfile($file, 4, 6); break;
        case '/missing': var_dump($resp->sendfile('/no/such/file')); $resp->status(404); $resp->end('none'); break;
    }
}, function ($port) {
    foreach (['/all', '/range', '/missing'] as $p) {
        $r = http_get($port, $p);
        echo $p, ': ', $r['status'], ' ', $r['headers']['content-type'], ' ', $r['headers']['content-length'], ' ', $r['body'], "\n";
    }
});
unlink($file);
?>
--EXPECTF--
bool(true)
/all: 200 application/json 16 0123456789abcdef
/range: 200 application/json 6 456789

Warning: Swoole\Http\Response::sendfile(): sendfile(/no/such/file): not a readable regular file in %s on line %d
bool(false)
/missing: 404 text/html 4 none

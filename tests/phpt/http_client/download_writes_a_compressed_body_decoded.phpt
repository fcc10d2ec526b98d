--TEST--
Coroutine HTTP client: download() of a gzip, deflate or br response writes the decoded body to the file (as Swoole does), also when it comes chunked; a corrupt or truncated compressed download fails
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;

$body = '';
for ($i = 0; $i < 20000; $i++) $body .= "line $i " . md5((string) $i) . "\n";  // ~1 MiB, compressible
$file = tempnam(sys_get_temp_dir(), 'gust-dl');
http_test(function ($req, $resp) use ($body) {
    if ($req->server['request_uri'] === '/chunked') {
        foreach (str_split($body, 100000) as $piece) $resp->write($piece);
        $resp->end();
        return;
    }
    $resp->end($body);
}, function ($port) use ($body, $file) {
    foreach (['/', '/chunked'] as $path) {
        foreach (['gzip', 'deflate', 'br'] as $enc) {
            $c = new Client('127.0.0.1', $port);
            $c->setHeaders(['Accept-Encoding' => $enc]);
            $ok = $c->download($path, $file);
            echo "$path $enc: ", var_export($ok, true), ' ', $c->headers['content-encoding'] ?? 'none', ' ',
                var_export(file_get_contents($file) === $body, true), "\n";
        }
    }
}, ['http_compression' => true]);
$gz = gzencode(str_repeat('x', 100000));
raw_test([
    "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 5\r\n\r\nnotgz",
    "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 20\r\n\r\n" . substr($gz, 0, 20),
], function ($port) use ($file) {
    for ($i = 0; $i < 2; $i++) {
        $c = new Client('127.0.0.1', $port);
        $ok = $c->download('/', $file);
        echo "bad $i: ", var_export($ok, true), " {$c->statusCode} {$c->errCode}\n";
    }
});
@unlink($file);
?>
--EXPECT--
/ gzip: true gzip true
/ deflate: true deflate true
/ br: true br true
/chunked gzip: true gzip true
/chunked deflate: true deflate true
/chunked br: true br true
bad 0: false -3 71
bad 1: false -3 71

--TEST--
Coroutine HTTP client: download() to a file (from an offset, with a Range header), addFile() ranges and addData() as multipart/form-data next to form fields
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
$dir = sys_get_temp_dir() . '/gust_hc_' . getmypid();
@mkdir($dir);
$src = "$dir/src.txt";
file_put_contents($src, '0123456789abcdefghij');
http_test(function ($req, $resp) {
    if ($req->server['request_uri'] === '/upload') {
        $files = [];
        foreach ($req->files as $k => $f) {
            $files[$k] = [$f['name'], $f['type'], $f['size'], file_get_contents($f['tmp_name'])];
        }
        $resp->end(json_encode(['post' => $req->post, 'files' => $files]));
        return;
    }
    $resp->header('X-Range', $req->header['range'] ?? '-');
    $resp->end(str_repeat('D', 70000) . 'end');
}, function ($port) use ($dir, $src) {
    $c = new Client('127.0.0.1', $port);
    $dst = "$dir/dl.bin";
    var_dump($c->download('/file', $dst));
    echo $c->statusCode, ' ', filesize($dst), ' ', substr(file_get_contents($dst), -3), ' body=', json_encode($c->body), ' range=', $c->headers['x-range'], "\n";
    file_put_contents($dst, 'HEAD');
    var_dump($c->download('/file', $dst, 4));
    clearstatcache();
    echo $c->statusCode, ' ', filesize($dst), ' ', substr(file_get_contents($dst), 0, 6), ' range=', $c->headers['x-range'] ?? '-', "\n";

    $c->addFile($src, 'whole');
    $c->addFile($src, 'part', 'text/x-custom', 'part.txt', 10, 5);
    $c->addData('in memory', 'mem', 'text/plain', 'mem.txt');
    var_dump($c->post('/upload', ['field' => 'value']));
    echo $c->body, "\n";
    var_dump(@$c->addFile("$dir/missing", 'x'));
    unlink($dst);
});
unlink($src);
rmdir($dir);
?>
--EXPECT--
bool(true)
200 70003 end body="" range=-
bool(true)
200 70007 HEADDD range=bytes=4-
bool(true)
{"post":{"field":"value"},"files":{"whole":["src.txt","text\/plain",20,"0123456789abcdefghij"],"part":["part.txt","text\/x-custom",5,"abcde"],"mem":["mem.txt","text\/plain",9,"in memory"]}}
bool(false)

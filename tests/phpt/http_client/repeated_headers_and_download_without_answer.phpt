--TEST--
Coroutine HTTP client: a header received several times becomes the list of its values; download() creates its file only once a response head came (a request that times out leaves none)
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;

$file = sys_get_temp_dir() . '/gust-download-' . getmypid();
@unlink($file);
raw_test([
    "HTTP/1.1 200 OK\r\nX-One: a\r\nX-Many: 1\r\nX-Many: 2\r\nx-many: 3\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok",
    function ($conn, $req) { Co::sleep(0.5); },  // never answers in time
    "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nfirst",
], function ($port) use ($file) {
    $c = new Client('127.0.0.1', $port);
    var_dump($c->get('/'));
    var_dump($c->headers['x-one'], $c->headers['x-many']);
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 0.2]);
    var_dump($c->download('/file', $file), $c->statusCode, file_exists($file));
    $c = new Client('127.0.0.1', $port);
    var_dump($c->download('/file', $file), file_get_contents($file));
});
@unlink($file);
?>
--EXPECT--
bool(true)
string(1) "a"
array(3) {
  [0]=>
  string(1) "1"
  [1]=>
  string(1) "2"
  [2]=>
  string(1) "3"
}
bool(false)
int(-2)
bool(false)
bool(true)
string(5) "first"

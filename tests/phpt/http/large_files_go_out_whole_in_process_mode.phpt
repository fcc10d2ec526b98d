--TEST--
Files larger than socket_buffer_size (static handler and Response::sendfile) go out whole in PROCESS mode (the master sends them), keep-alive after them intact
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$root = sys_get_temp_dir() . '/gust-big-' . getmypid();
@mkdir($root);
$data = random_bytes(5 * 1024 * 1024 + 7);
file_put_contents("$root/big.bin", $data);
foreach ([SWOOLE_PROCESS => 'process'] as $mode => $name) {
    http_test(function ($req, $resp) use ($root) {
        $resp->sendfile("$root/big.bin", 1, 4 * 1024 * 1024);
    }, function ($port) use ($data, $name) {
        $c = http_connect($port);
        fwrite($c, "GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\nGET /dynamic HTTP/1.1\r\nHost: x\r\n\r\n");
        $a = http_read($c);
        $b = http_read($c);
        printf("%s static: %d %s %s\n", $name, $a['status'], $a['headers']['content-length'], $a['body'] === $data ? 'same bytes' : 'DIFFERENT');
        printf("%s sendfile: %d %s %s\n", $name, $b['status'], $b['headers']['content-length'],
               $b['body'] === substr($data, 1, 4 * 1024 * 1024) ? 'same bytes' : 'DIFFERENT');
    }, ['enable_static_handler' => true, 'document_root' => $root, 'socket_buffer_size' => 256 * 1024], $mode);
}
unlink("$root/big.bin");
rmdir($root);
?>
--EXPECT--
process static: 200 5242887 same bytes
process sendfile: 200 4194304 same bytes

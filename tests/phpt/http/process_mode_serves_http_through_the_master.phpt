--TEST--
SWOOLE_PROCESS: requests are framed by the worker the master handed the connection to, malformed ones refused, and answered (keep-alive, pipelining, chunked body, static files)
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$root = sys_get_temp_dir() . '/gust-proc-static-' . getmypid();
@mkdir($root);
file_put_contents("$root/f.txt", "static in process mode");
http_test(function ($req, $resp) {
    $resp->header('X-Worker', (string)$req->fd);
    $resp->end($req->server['request_uri'] . ' ' . strlen($req->getContent()));
}, function ($port) {
    $c = http_connect($port);
    fwrite($c, "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n");
    for ($i = 0; $i < 3; $i++) echo http_read($c)['body'], "\n";
    echo http_get($port, '/f.txt')['body'], "\n";
    $raw = http_raw($port, "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n");
    echo strtok($raw, "\r\n"), "\n";
    $raw = http_raw($port, "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999\r\n\r\n");
    echo strtok($raw, "\r\n"), "\n";
}, ['worker_num' => 2, 'package_max_length' => 4096, 'enable_static_handler' => true, 'document_root' => $root], SWOOLE_PROCESS);
unlink("$root/f.txt");
rmdir($root);
?>
--EXPECT--
/a 0
/b 5
/c 0
static in process mode
HTTP/1.1 400 Bad Request
HTTP/1.1 413 Content Too Large

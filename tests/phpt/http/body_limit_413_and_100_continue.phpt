--TEST--
Expect: 100-continue gets the interim response before the body; a body over package_max_length gets 413 before it is sent
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $resp->end('got ' . strlen($req->getContent()));
}, function ($port) {
    $c = http_connect($port);
    fwrite($c, "PUT /u HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1000\r\n\r\n");
    echo trim(fgets($c)), "\n";
    fgets($c);
    fwrite($c, str_repeat('x', 1000));
    echo http_read($c)['body'], "\n";
    // Over the limit: 413 arrives while only the head was sent, and the connection closes.
    $c = http_connect($port);
    fwrite($c, "PUT /u HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 100000\r\n\r\n");
    $r = http_read($c);
    echo $r['status'], ' ', $r['headers']['connection'], "\n";
    var_dump(fread($c, 10));
    // Chunked body within the limit is decoded for PHP.
    $c = http_connect($port);
    fwrite($c, "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n400\r\n" . str_repeat('y', 1024) . "\r\n0\r\nX-T: 1\r\n\r\n");
    echo http_read($c)['body'], "\n";
}, ['package_max_length' => 2048]);
?>
--EXPECT--
HTTP/1.1 100 Continue
got 1000
413 close
string(0) ""
got 1027

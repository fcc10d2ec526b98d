--TEST--
HEAD answers with the Content-Length of the body it omits; 204 and 304 carry no body and no Content-Length; Date and Server are always set; a Content-Length the script set shorter than its body cuts the body there, so the next response is not corrupted
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $uri = $req->server['request_uri'];
    if ($uri === '/204') $resp->status(204);
    if ($uri === '/304') $resp->status(304);
    if ($uri === '/custom') { $resp->status(299, 'Fine Thanks'); $resp->header('Server', 'mine'); $resp->header('content-length', '6'); }
    $resp->end('twelve bytes');
}, function ($port) {
    foreach ([['HEAD', '/'], ['GET', '/204'], ['GET', '/304'], ['GET', '/custom']] as [$m, $path]) {
        $c = http_connect($port);
        fwrite($c, "$m $path HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n");
        $r = http_read($c, $m === 'HEAD');
        printf("%s %s: %d length=%s server=%s date=%s body=%s\n", $m, $path, $r['status'], $r['headers']['content-length'] ?? '-',
               $r['headers']['server'], isset($r['headers']['date']) ? 'yes' : 'no', json_encode($r['body']));
        $next = http_read($c);  // the next response starts right after: no stray body bytes
        echo "  then ", $next['status'], ' ', $next['body'], "\n";
    }
    $raw = http_raw($port, "GET /custom HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    echo strtok($raw, "\r\n"), "\n";
});
?>
--EXPECT--
HEAD /: 200 length=12 server=swoole-http-server date=yes body=""
  then 200 twelve bytes
GET /204: 204 length=- server=swoole-http-server date=yes body=""
  then 200 twelve bytes
GET /304: 304 length=- server=swoole-http-server date=yes body=""
  then 200 twelve bytes
GET /custom: 299 length=6 server=mine date=yes body="twelve"
  then 200 twelve bytes
HTTP/1.1 299 Fine Thanks

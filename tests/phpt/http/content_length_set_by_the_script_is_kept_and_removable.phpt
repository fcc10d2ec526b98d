--TEST--
Content-Length set by the script: kept on a HEAD answer ended without a body and on a GET whose body follows through Server::send(); removed with header('Content-Length', '') (no length, the script streams); a body shorter than the declared length ends with the connection
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => 5]);
$server->on('request', function ($req, $resp) use ($server) {
    $uri = $req->server['request_uri'];
    if ($uri === '/head') {
        $resp->header('Content-Length', 42);
        $resp->end();
    } elseif ($uri === '/stream') {
        $resp->header('Content-Type', 'text/event-stream');
        $resp->header('Content-Length', '');
        $resp->end();
        Co::sleep(0.01);
        $server->send($resp->fd, "data: 1\n\n");
        $server->close($resp->fd);
    } elseif ($uri === '/short') {
        $resp->header('Content-Length', 100);
        $resp->end('only this');
    } else {
        $resp->end('twelve bytes');
    }
});
$server->on('workerStart', function ($s) {
    try {
        client($s->port);
    } finally {
        $s->shutdown();
    }
});
$server->start();

function client(int $port): void {
    $r = http_get($port, '/head', [], 'HEAD');
    echo "HEAD /head: ", $r['status'], " length ", $r['headers']['content-length'], "\n";
    $r = http_get($port, '/', [], 'HEAD');
    echo "HEAD /: ", $r['status'], " length ", $r['headers']['content-length'], "\n";
    $c = http_connect($port);
    fwrite($c, "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n");
    $head = '';
    while (($line = fgets($c)) !== false && $line !== "\r\n") $head .= $line;
    echo "stream: ", strtok($head, "\r\n"), ", content-length: ", var_export(stripos($head, 'content-length') !== false, true), "\n";
    echo "then: ", json_encode(stream_get_contents($c)), "\n";
    $c = http_connect($port);
    fwrite($c, "GET /short HTTP/1.1\r\nHost: x\r\n\r\n");
    $raw = stream_get_contents($c);  // ends: the connection closes after the short body
    echo "short: ", json_encode(substr($raw, strpos($raw, "\r\n\r\n") + 4)), ", declared 100: ",
         var_export(str_contains($raw, "Content-Length: 100\r\n"), true), "\n";
}
?>
--EXPECT--
HEAD /head: 200 length 42
HEAD /: 200 length 12
stream: HTTP/1.1 200 OK, content-length: false
then: "data: 1\n\n"
short: "only this", declared 100: true

--TEST--
A request the callback neither ends nor detaches gets a 500; detach() + Response::create() answer later; isWritable, redirect, cookies
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$parked = null;
$detached = new Swoole\Coroutine\Channel(1);
http_test(function ($req, $resp) use (&$parked, $detached) {
    switch ($req->server['request_uri']) {
        case '/forgot': return;
        case '/detach':
            var_dump($resp->detach(), $resp->isWritable(), $resp->end('x'));
            $parked = $resp->fd;
            $detached->push(true);
            return;
        case '/later':
            $other = Swoole\Http\Response::create($parked);
            $other->header('X-From', 'create');
            var_dump($other->end('answered by create'));
            $resp->end('later done');
            return;
        case '/redirect':
            var_dump($resp->redirect('/elsewhere', 301));
            return;
        case '/cookies':
            $resp->cookie('plain', 'a b', 0, '/', 'example.com', true, true, 'Strict', 'High', true);
            $resp->rawcookie('raw', 'a%20b', time() + 3600, '/p');
            $resp->cookie('gone', '');
            $resp->end();
            return;
    }
}, function ($port) use ($detached) {
    $r = http_get($port, '/forgot');
    echo "forgot: ", $r['status'], "\n";
    $c = http_connect($port);
    fwrite($c, "GET /detach HTTP/1.1\r\nHost: x\r\n\r\n");
    $detached->pop(5);
    echo "later: ", http_get($port, '/later')['body'], "\n";
    $r = http_read($c);
    echo "detached: ", $r['status'], ' ', $r['headers']['x-from'], ' ', $r['body'], "\n";
    $r = http_get($port, '/redirect');
    echo "redirect: ", $r['status'], ' ', $r['headers']['location'], "\n";
    $raw = http_raw($port, "GET /cookies HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    preg_match_all('/^Set-Cookie: (.*)\r$/m', $raw, $m);
    foreach ($m[1] as $line) echo preg_replace('/expires=[^;]+; Max-Age=\d+/', 'expires=X; Max-Age=N', $line), "\n";
});
?>
--EXPECTF--
forgot: 500

Warning: Swoole\Http\Response::end(): http response is unavailable (maybe it has been ended or detached) in %s on line %d
bool(true)
bool(false)
bool(false)
later: bool(true)
later done
detached: 200 create answered by create
bool(true)
redirect: 301 /elsewhere
plain=a+b; path=/; domain=example.com; secure; HttpOnly; SameSite=Strict; Priority=High; Partitioned
raw=a%20b; expires=X; Max-Age=N; path=/p
gone=deleted; expires=X; Max-Age=N

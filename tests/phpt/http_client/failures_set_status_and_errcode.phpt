--TEST--
Coroutine HTTP client failures: connect refused (-1), request timeout (-2), server reset or malformed response (-3), TLS to a plain-text server (1018); the client works again afterwards
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
http_test(function ($req, $resp) {
    if ($req->server['request_uri'] === '/slow') Swoole\Coroutine::sleep(1);
    @$resp->end('fine');  // the slow one answers after the client gave up and the server stopped
}, function ($port) {
    $c = new Client('127.0.0.1', closed_port());
    show($c, $c->get('/'));
    echo $c->errMsg, "\n";

    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 0.2]);
    $t = microtime(true);
    show($c, $c->get('/slow'));
    echo 'waited < 0.9 s: ', var_export(microtime(true) - $t < 0.9, true), ' connected=', var_export($c->connected, true), "\n";
    show($c, $c->get('/'));  // a fresh connection

    $c = new Client('127.0.0.1', $port);
    $c->set(['read_timeout' => 0.2]);
    show($c, $c->get('/slow'));

    $c = new Client('127.0.0.1', $port, true);  // an HTTP port answers the ClientHello with a 400
    $c->set(['timeout' => 5]);
    show($c, $c->get('/'));
    echo $c->errMsg, "\n";
});
raw_test([
    "",  // closes without answering
    "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",
    "SSH-2.0-OpenSSH_9.2\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
], function ($port) {
    for ($i = 0; $i < 5; $i++) {
        $c = new Client('127.0.0.1', $port);
        show($c, $c->get('/'));
    }
});
Co\run(function () {
    $c = new Client('no-such-host.invalid', 80);
    $c->set(['timeout' => 5]);
    $ok = $c->get('/');
    echo 'dns: ok=', var_export($ok, true), ' status=', $c->statusCode, ' err=', $c->errCode, "\n";
});
?>
--EXPECTF--
ok=false status=-1 err=111 body=""
Connection refused
ok=false status=-2 err=110 body=""
waited < 0.9 s: true connected=false
ok=true status=200 err=0 body="fine"
ok=false status=-2 err=110 body=""
ok=false status=-1 err=1018 body=""
SSL handshake failed: %s
ok=false status=-3 err=104 body=""
ok=false status=-3 err=104 body=""
ok=false status=-3 err=71 body=""
ok=false status=-3 err=71 body=""
ok=false status=-3 err=71 body=""
dns: ok=false status=-1 err=71%d

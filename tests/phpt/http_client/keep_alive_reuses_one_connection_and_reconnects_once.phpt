--TEST--
Coroutine HTTP client: keep-alive requests share one connection; keep_alive => false opens one per request; a keep-alive connection the server closed is replaced for the next request
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
server_test(function ($req, $resp) {
    $resp->end((string)$req->fd);
}, function ($port, $server) {
    $c = new Client('127.0.0.1', $port);
    $fds = [];
    for ($i = 0; $i < 3; $i++) { $c->get('/'); $fds[] = $c->body; }
    echo 'keep-alive: ', count(array_unique($fds)), " connection(s)\n";

    $c2 = new Client('127.0.0.1', $port);
    $c2->set(['keep_alive' => false]);
    $fds = [];
    for ($i = 0; $i < 3; $i++) { $c2->get('/'); $fds[] = $c2->body; }
    echo 'no keep-alive: ', count(array_unique($fds)), " connection(s), connected=", var_export($c2->connected, true), "\n";

    // The server closes the kept-alive connection: the next request goes out on a fresh one.
    $c->get('/');
    $before = $c->body;
    $server->close((int)$before);
    var_dump($c->get('/'));
    echo 'after drop: status=', $c->statusCode, ' new connection=', var_export($c->body !== $before, true), "\n";
});
?>
--EXPECT--
keep-alive: 1 connection(s)
no keep-alive: 3 connection(s), connected=false
bool(true)
after drop: status=200 new connection=true

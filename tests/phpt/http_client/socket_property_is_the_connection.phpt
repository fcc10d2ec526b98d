--TEST--
Coroutine HTTP client: $client->socket is the connection as a Coroutine\Socket (fd, recvLine() with the bytes read past the response, sendAll()); closing it ends the client's connection, the next request connects anew; no connection: null
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
raw_test([
    function ($conn, $req) {
        // The response, then bytes that are no part of it, in one write.
        fwrite($conn, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokline one\n");
        $line = fgets($conn);
        fwrite($conn, "pong:$line");
        while (($d = fread($conn, 100)) !== false && $d !== '') {}  // until the client closes
        echo "server: first connection closed\n";
    },
    "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nagain",
], function ($port) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    var_dump($c->socket, isset($c->socket));  // not connected yet
    var_dump($c->get('/'), $c->body);
    $s = $c->socket;
    var_dump($s instanceof Swoole\Coroutine\Socket, $s === $c->socket, isset($c->socket), $s->fd > 0);
    var_dump($s->recvLine());
    var_dump($s->sendAll("ping\n"), $s->recvLine());
    var_dump($s->close());
    var_dump($c->get('/'), $c->body);
    var_dump($c->socket !== $s, $s->fd);
    $c->close();
    var_dump($c->socket);
});
?>
--EXPECT--
NULL
bool(false)
bool(true)
string(2) "ok"
bool(true)
bool(true)
bool(true)
bool(true)
string(9) "line one
"
int(5)
string(10) "pong:ping
"
bool(true)
server: first connection closed
bool(true)
string(5) "again"
bool(true)
int(-1)
NULL

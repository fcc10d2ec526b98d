--TEST--
Coroutine\Client and Swoole\Client: the bind_address/bind_port settings bind the client's own address before connecting (the server sees that port; a unix datagram client gets that path, so the server can answer it there); a stale socket file at the path is replaced, a regular file is not; without the settings a unix datagram client still gets an address to be answered at
--EXTENSIONS--
gust
--FILE--
<?php
function free_port(): int {
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int)explode(':', stream_socket_get_name($s, false))[1];
    fclose($s);
    return $port;
}
$dir = sys_get_temp_dir() . '/gust-bind-' . getmypid();
@mkdir($dir);
Co\run(function () use ($dir) {
    // TCP: the listener sees the port the client asked for.
    $server = new Co\Socket(AF_INET, SOCK_STREAM, 0);
    $server->bind('127.0.0.1', 0);
    $server->listen();
    $port = $server->getsockname()['port'];
    $mine = free_port();
    $c = new Co\Client(SWOOLE_SOCK_TCP);
    $c->set(['bind_address' => '127.0.0.1', 'bind_port' => $mine]);
    var_dump($c->connect('127.0.0.1', $port, 1));
    $peer = $server->accept(1);
    echo "server sees the bound port: ", var_export($peer->getpeername()['port'] === $mine, true), "\n";
    $c->close();

    // Unix datagram: the server answers at the client's bound path; a stale socket file there
    // (bound, then its socket closed) is replaced.
    $srv_path = "$dir/srv.sock";
    $cli_path = "$dir/cli.sock";
    $stale = new Co\Socket(AF_UNIX, SOCK_DGRAM, 0);
    $stale->bind($cli_path);
    $stale->close();
    echo "stale file there: ", var_export(file_exists($cli_path), true), "\n";
    $srv = new Co\Socket(AF_UNIX, SOCK_DGRAM, 0);
    var_dump($srv->bind($srv_path));
    go(function () use ($srv) {
        $got = $srv->recvfrom($peer, 2);
        $srv->sendto($peer['address'], 0, "answer to $got from " . basename($peer['address']));
    });
    $d = new Co\Client(SWOOLE_SOCK_UNIX_DGRAM);
    $d->set(['bind_address' => $cli_path]);
    var_dump($d->connect($srv_path, 0, 1));
    $d->send("hello");
    echo $d->recv(2), "\n";
    $d->close();

    // Without bind_address a unix datagram client is still answered (an autobound name).
    go(function () use ($srv) {
        $got = $srv->recvfrom($peer, 2);
        $srv->sendto($peer['address'], 0, "answer to $got");
    });
    $e = new Co\Client(SWOOLE_SOCK_UNIX_DGRAM);
    var_dump($e->connect($srv_path, 0, 1));
    $e->send("anonymous");
    echo $e->recv(2), "\n";

    // A regular file at the path is never removed.
    file_put_contents("$dir/file", "keep");
    $f = new Co\Client(SWOOLE_SOCK_UNIX_DGRAM);
    $f->set(['bind_address' => "$dir/file"]);
    var_dump($f->connect($srv_path, 0, 1), $f->errCode === SOCKET_EADDRINUSE, file_get_contents("$dir/file"));
});

// The blocking client too.
$server = stream_socket_server('tcp://127.0.0.1:0');
$port = (int)explode(':', stream_socket_get_name($server, false))[1];
$mine = free_port();
$s = new Swoole\Client(SWOOLE_SOCK_TCP);
$s->set(['bind_address' => '127.0.0.1', 'bind_port' => $mine]);
var_dump($s->connect('127.0.0.1', $port, 1));
$peer = stream_socket_accept($server, 1, $name);
echo "blocking client bound: ", var_export((int)explode(':', $name)[1] === $mine, true), "\n";
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
bool(true)
server sees the bound port: true
stale file there: true
bool(true)
bool(true)
answer to hello from cli.sock
bool(true)
answer to anonymous
bool(false)
bool(true)
string(4) "keep"
bool(true)
blocking client bound: true

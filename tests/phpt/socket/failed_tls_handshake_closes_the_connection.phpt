--TEST--
Coroutine\Socket: a TLS handshake that fails (the server's certificate is not trusted) closes the connection, so nothing the program writes next can leave in plaintext (connect() and sslHandshake() alike: fd -1, writes fail with EBADF); the server's side of a failed handshake is closed as well
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate'); ?>
--FILE--
<?php
$dir = sys_get_temp_dir() . '/gust_tlsfail_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . " -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);

Co\run(function () use ($dir) {
    $server = new Co\Socket(AF_INET, SOCK_STREAM, 0);
    $server->bind('127.0.0.1', 0);
    $server->listen();
    $server->setProtocol(['ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem"]);
    $port = $server->getsockname()['port'];
    $seen = new Co\Channel(2);
    go(function () use ($server, $seen) {
        for ($i = 0; $i < 2; $i++) {
            $conn = $server->accept(5);
            $ok = $conn->sslHandshake();
            $seen->push([$ok, $conn->fd, $conn->recv(100, 2)]);
        }
    });

    $c = new Co\Socket(AF_INET, SOCK_STREAM, 0);
    $c->setProtocol(['open_ssl' => true]);  // verification on (Gust's default), no CA: refused
    var_dump($c->connect('127.0.0.1', $port, 2), $c->errCode === SWOOLE_ERROR_SSL_VERIFY_FAILED, $c->fd);
    var_dump($c->send('secret'), $c->errCode === SOCKET_EBADF);
    [$ok, $fd, $got] = $seen->pop(5);
    var_dump($ok, $fd, $got);

    $c = new Co\Socket(AF_INET, SOCK_STREAM, 0);
    var_dump($c->connect('127.0.0.1', $port, 2));
    $c->setProtocol(['open_ssl' => true]);
    var_dump($c->sslHandshake(), $c->fd, $c->writeVector(['sec', 'ret']));
    [$ok, $fd, $got] = $seen->pop(5);
    var_dump($ok, $fd, $got);
});
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
int(0)
bool(false)
bool(true)
int(-1)
bool(false)
bool(true)
bool(false)
int(-1)
bool(false)
bool(true)
bool(false)
int(-1)
bool(false)
bool(false)
int(-1)
bool(false)

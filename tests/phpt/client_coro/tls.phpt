--TEST--
Coroutine\Client over TLS against a Co\Socket TLS server: verified by ssl_cafile, refused self-signed (1014), ssl_verify_peer off, getPeerCert/verifyPeerCert, enableSSL, a stalled handshake bounded by the timeout
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate'); ?>
--FILE--
<?php
$dir = sys_get_temp_dir() . '/gust_tls_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . ' -addext subjectAltName=DNS:localhost,IP:127.0.0.1'
    . " -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);

Co\run(function () use ($dir) {
    $server = new Co\Socket(AF_INET, SOCK_STREAM, 0);
    $server->bind('127.0.0.1', 0);
    $server->listen();
    $server->setProtocol(['ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem"]);
    $port = $server->getsockname()['port'];
    // Each accepted connection: TLS handshake as the server, then echo lines until the peer goes.
    go(function () use ($server) {
        while ($conn = $server->accept(10)) {
            go(function () use ($conn) {
                if (!$conn->sslHandshake()) return;
                while (($data = $conn->recv(1024, 5)) !== '' && $data !== false) {
                    $conn->sendAll("tls:$data");
                }
            });
        }
    });

    // 1. verified against the certificate as the CA
    $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
    $c->set(['ssl_cafile' => "$dir/cert.pem"]);
    var_dump($c->connect('127.0.0.1', $port, 2), $c->errCode);
    var_dump($c->send('hello'), $c->recv(2));
    var_dump(str_starts_with($c->getPeerCert(), '-----BEGIN CERTIFICATE-----'), $c->verifyPeerCert());
    $c->close();

    // 2. verification on (the default) without the CA: refused
    $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
    var_dump($c->connect('127.0.0.1', $port, 2), $c->errCode === SWOOLE_ERROR_SSL_VERIFY_FAILED,
             str_contains($c->errMsg, 'self-signed') || str_contains($c->errMsg, 'self signed'), $c->connected);

    // 3. verification off: connects; verifyPeerCert() checks now (self-signed refused unless allowed)
    $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
    $c->set(['ssl_verify_peer' => false]);
    var_dump($c->connect('127.0.0.1', $port, 2), $c->verifyPeerCert(), $c->verifyPeerCert(true));
    var_dump($c->send('x'), $c->recv(2));
    $c->close();

    // 4. enableSSL() on a plain connection
    $c = new Co\Client(SWOOLE_SOCK_TCP);
    $c->set(['ssl_verify_peer' => false]);
    var_dump($c->connect('127.0.0.1', $port, 2), $c->getPeerCert(), $c->enableSSL(), $c->send('late'), $c->recv(2));
    $c->close();

    // 5. a peer that accepts TCP but never answers the handshake: the connect timeout ends it
    $mute = new Co\Socket(AF_INET, SOCK_STREAM, 0);
    $mute->bind('127.0.0.1', 0);
    $mute->listen();
    go(function () use ($mute) { $keep = $mute->accept(5); Co::sleep(1); });
    $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
    $t = microtime(true);
    var_dump($c->connect('127.0.0.1', $mute->getsockname()['port'], 0.2), $c->errCode === SOCKET_ETIMEDOUT,
             microtime(true) - $t < 0.9);
    $server->close();
});
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
int(0)
bool(true)
int(0)
int(5)
string(9) "tls:hello"
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
int(1)
string(5) "tls:x"
bool(true)
bool(false)
bool(true)
int(4)
string(8) "tls:late"
bool(false)
bool(true)
bool(true)

--TEST--
Coroutine\Server with SSL: the handshake runs in the connection's coroutine before the handler (Co\Client SSL, PHP's ssl:// stream client), a stalled handshake is bounded by the timeout, a plain-TCP peer is closed unserved
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate'); ?>
--FILE--
<?php
use Swoole\Coroutine\Server;
use Swoole\Coroutine\Server\Connection;

$dir = sys_get_temp_dir() . '/gust_cossl_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . ' -addext subjectAltName=DNS:localhost,IP:127.0.0.1'
    . " -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);

Co\run(function () use ($dir) {
    // Without a certificate: start() refuses.
    $bad = new Server('127.0.0.1', 0, true);
    $bad->handle(function () {});
    var_dump(@$bad->start(), $bad->errCode === SOCKET_EINVAL);

    $server = new Server('127.0.0.1', 0, true);
    var_dump($server->ssl);
    $server->set(['ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem", 'timeout' => 0.5]);
    $handled = 0;
    $server->handle(function (Connection $conn) use (&$handled) {
        $handled++;
        while (($data = $conn->recv(2)) !== '' && $data !== false) {
            $conn->send("tls:$data");
        }
        $conn->close();
    });
    go(function () use ($server, $dir) {
        $port = $server->port;
        // 1. Co\Client over TLS, the certificate as its CA.
        $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
        $c->set(['ssl_cafile' => "$dir/cert.pem"]);
        var_dump($c->connect('127.0.0.1', $port, 2), $c->send('hello'), $c->recv(2));
        $c->close();

        // 2. PHP's own ssl:// stream client, in another process.
        $script = '$c = stream_context_create(["ssl" => ["cafile" => $argv[2], "peer_name" => "localhost"]]);'
            . '$s = stream_socket_client("ssl://127.0.0.1:" . $argv[1], $en, $es, 3, STREAM_CLIENT_CONNECT, $c);'
            . 'if (!$s) { echo "connect failed: $es"; exit(1); }'
            . 'fwrite($s, "stream"); echo fread($s, 100);';
        $r = Co\System::exec('php -n -r ' . escapeshellarg($script) . " $port " . escapeshellarg("$dir/cert.pem"));
        var_dump($r['code'], $r['output']);

        // 3. A peer that connects and never sends its ClientHello: closed after `timeout`.
        $mute = new Co\Socket(AF_INET, SOCK_STREAM, 0);
        $mute->connect('127.0.0.1', $port, 1);
        $t = microtime(true);
        $got = $mute->recv(100, 5);
        $took = microtime(true) - $t;
        var_dump($got, $took > 0.3 && $took < 3);

        // 4. A plain-TCP peer: the handshake fails on its bytes, it is closed.
        $plain = new Co\Socket(AF_INET, SOCK_STREAM, 0);
        $plain->connect('127.0.0.1', $port, 1);
        $plain->send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        $got = $plain->recv(100, 5);
        var_dump($got === '' || $got === false);

        // The server still serves TLS clients afterwards.
        $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
        $c->set(['ssl_verify_peer' => false]);
        var_dump($c->connect('127.0.0.1', $port, 2), $c->send('again'), $c->recv(2));
        $c->close();
        $server->shutdown();
    });
    var_dump($server->start());
    echo "handled $handled\n";
});
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECTF--
int(0)
bool(false)
bool(true)
bool(true)
bool(true)
int(5)
string(9) "tls:hello"
int(0)
string(10) "tls:stream"
string(0) ""
bool(true)
[%s]	WARNING	Socket::ssl_accept(): bad SSL client[127.0.0.1:%d], reason=%s
bool(true)
bool(true)
int(5)
string(9) "tls:again"
bool(true)
handled 3

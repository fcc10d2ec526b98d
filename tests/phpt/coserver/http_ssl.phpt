--TEST--
Coroutine\Http\Server over TLS: curl -k and Co\Http\Client (SSL) get answers, keep-alive across requests on one TLS connection, a plain-HTTP peer is closed, a stalled handshake is bounded by `timeout`; no certificate: start() fails
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate');
if (!is_executable('/usr/bin/curl')) die('skip curl is needed');
?>
--FILE--
<?php
use Swoole\Coroutine\Http\Server;

$dir = sys_get_temp_dir() . '/gust_cohttps_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . ' -addext subjectAltName=DNS:localhost,IP:127.0.0.1'
    . " -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);

Co\run(function () use ($dir) {
    $bad = new Server('127.0.0.1', 0, true);
    $bad->handle('/', function () {});
    var_dump(@$bad->start());

    $server = new Server('127.0.0.1', 0, true);
    var_dump($server->ssl);
    $server->set(['ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem", 'timeout' => 0.5]);
    $server->handle('/', function ($req, $resp) {
        $resp->header('Content-Type', 'text/plain');
        $resp->end("hello https {$req->server['request_uri']}");
    });
    go(function () use ($server, $dir) {
        $port = $server->port;
        // curl is the peer: not under the ASan preload a debug run of PHP carries.
        $r = Co\System::exec("env -u LD_PRELOAD curl -sk https://127.0.0.1:$port/a https://127.0.0.1:$port/b -w ' %{http_code} %{num_connects}|'");
        echo "curl: ", trim($r['output']), "\n";

        $c = new Swoole\Coroutine\Http\Client('127.0.0.1', $port, true);
        $c->set(['ssl_cafile' => "$dir/cert.pem", 'ssl_host_name' => 'localhost', 'timeout' => 2]);
        var_dump($c->get('/one'), $c->statusCode, $c->body);
        var_dump($c->get('/two'), $c->body);
        $c->close();

        $plain = new Co\Socket(AF_INET, SOCK_STREAM, 0);
        $plain->connect('127.0.0.1', $port, 1);
        $plain->send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        $got = $plain->recv(100, 3);
        var_dump($got === '' || $got === false);

        $mute = new Co\Socket(AF_INET, SOCK_STREAM, 0);
        $mute->connect('127.0.0.1', $port, 1);
        $t = microtime(true);
        $got = $mute->recv(100, 5);
        $took = microtime(true) - $t;
        var_dump($got, $took > 0.3 && $took < 3);
        $server->shutdown();
    });
    var_dump($server->start());
});
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECTF--
int(0)
bool(false)
bool(true)
curl: hello https /a 200 1|hello https /b 200 0|
bool(true)
int(200)
string(16) "hello https /one"
bool(true)
string(16) "hello https /two"
[%s]	WARNING	Socket::ssl_accept(): bad SSL client[127.0.0.1:%d], reason=%s
bool(true)
string(0) ""
bool(true)
bool(true)

--TEST--
Http2\Client against nghttpd: h2c and h2 over TLS (ALPN), concurrent streams, a 1 MB download, a 300 KB upload under flow control, stats(), isStreamExist(); a bad certificate and a refused connection fail cleanly
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (!is_executable('/usr/sbin/nghttpd') && !is_executable('/usr/bin/nghttpd')) die('skip nghttpd (Debian nghttp2-server) is not installed');
if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate');
?>
--FILE--
<?php
require __DIR__ . '/servers.inc';
use Swoole\Coroutine\Http2\Client;
use Swoole\Http2\Request;

$dir = sys_get_temp_dir() . '/gust_h2_nghttpd_' . getmypid();
$tls = make_cert($dir);
@mkdir("$dir/root");
file_put_contents("$dir/root/index.html", "hello h2\n");
$big = random_bytes(1 << 20);
file_put_contents("$dir/root/big.bin", $big);
[$h2c, $stopH2c] = start_nghttpd("$dir/root", null, ['--echo-upload']);
[$h2s, $stopH2s] = start_nghttpd("$dir/root", $tls);

Co\run(function () use ($h2c, $h2s, $big, $dir) {
    // h2c by prior knowledge
    $c = new Client('127.0.0.1', $h2c);
    $c->set(['timeout' => 5]);
    var_dump($c->connect(), $c->connected, $c->sock > 0, $c->connect());
    $ids = [];
    foreach (['/index.html', '/index.html', '/big.bin', '/missing'] as $path) {
        $r = new Request;
        $r->path = $path;
        $ids[$c->send($r)] = $path;
    }
    echo json_encode(array_keys($ids)), "\n";
    var_dump($c->isStreamExist(1), $c->isStreamExist(0), $c->isStreamExist(99), $c->stats('active_stream_num'));
    $seen = [];
    for ($i = 0; $i < 4; $i++) {
        $resp = $c->recv();
        $path = $ids[$resp->streamId];
        $ok = $path === '/big.bin' ? $resp->data === $big : true;
        $seen[$resp->streamId] = sprintf("%d %s %d %s len=%s ok=%s", $resp->streamId, $path, $resp->statusCode,
            $resp->headers['server'] ?? '-', $resp->statusCode === 200 ? strlen($resp->data) : '-', var_export($ok, true));
    }
    ksort($seen);
    echo implode("\n", $seen), "\n";
    var_dump($c->isStreamExist(1), $c->stats('active_stream_num'), $c->stats('current_stream_id'));
    $stats = $c->stats();
    echo implode(',', array_keys($stats)), "\n";
    var_dump($stats['remote_settings']['max_concurrent_streams'] > 0, $stats['local_settings']['window_size']);

    // a POST larger than the server's windows: echoed back whole
    $r = new Request;
    $r->method = 'POST';
    $r->path = '/upload';
    $r->data = str_repeat('0123456789', 30000);
    $id = $c->send($r);
    $resp = $c->recv();
    var_dump($resp->streamId === $id, $resp->statusCode, $resp->data === $r->data);
    var_dump($c->ping(), $c->close(), $c->connected, $c->close());

    // h2 over TLS, verified against the self-signed certificate as the CA
    $c = new Client('127.0.0.1', $h2s, true);
    $c->set(['timeout' => 5, 'ssl_cafile' => "$dir/cert.pem"]);
    var_dump($c->connect());
    $r = new Request;
    $r->path = '/index.html';
    $c->send($r);
    $resp = $c->recv();
    var_dump($resp->statusCode, $resp->data);
    $c->close();

    // verification on without the CA: refused, nothing left open
    $c = new Client('127.0.0.1', $h2s, true);
    $c->set(['timeout' => 5]);
    var_dump($c->connect(), $c->errCode === SWOOLE_ERROR_SSL_VERIFY_FAILED, $c->errMsg !== '', $c->connected);
    var_dump($c->send(new Request), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);

    // nobody listening
    $c = new Client('127.0.0.1', free_port());
    var_dump($c->connect(), $c->errCode === SOCKET_ECONNREFUSED, $c->recv(1), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);
});
$stopH2c();
$stopH2s();
rm_tree($dir);
echo "done\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
[1,3,5,7]
bool(true)
bool(true)
bool(false)
int(4)
1 /index.html 200 nghttpd nghttp2/1.52.0 len=9 ok=true
3 /index.html 200 nghttpd nghttp2/1.52.0 len=9 ok=true
5 /big.bin 200 nghttpd nghttp2/1.52.0 len=1048576 ok=true
7 /missing 404 nghttpd nghttp2/1.52.0 len=- ok=true
bool(false)
int(0)
int(9)
current_stream_id,last_stream_id,local_settings,remote_settings,active_stream_num
bool(true)
int(65535)
bool(true)
int(200)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
int(200)
string(9) "hello h2
"
bool(false)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
done

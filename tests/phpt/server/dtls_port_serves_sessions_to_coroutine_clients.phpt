--TEST--
DTLS (SWOOLE_UDP | SWOOLE_SSL, BASE): each Coroutine\Client is a connection (onConnect, onReceive, send($fd), onClose); 100 KB framed both ways; a client verifies the certificate like a TLS one
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate'); ?>
--FILE--
<?php
$dir = sys_get_temp_dir() . '/gust_dtls_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . " -addext subjectAltName=DNS:localhost -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);
$framing = ['open_length_check' => true, 'package_length_type' => 'N', 'package_length_offset' => 0,
    'package_body_offset' => 4, 'package_max_length' => 4 * 1024 * 1024];
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE, SWOOLE_SOCK_UDP | SWOOLE_SSL);
$server->set(['worker_num' => 1, 'log_file' => '/dev/null',
    'ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem"] + $framing);
$events = [];  // the server's callbacks, printed in the end (they interleave with the client's steps)
$server->on('workerStart', function (Swoole\Server $s) use ($dir, $framing, &$events) {
    go(function () use ($s, $dir, $framing, &$events) {
        // The default verifies the server: no CA given, a self-signed certificate is refused.
        $c = new Swoole\Coroutine\Client(SWOOLE_SOCK_UDP | SWOOLE_SSL);
        var_dump($c->connect('127.0.0.1', $s->port, 5), $c->errCode === SWOOLE_ERROR_SSL_VERIFY_FAILED);

        // Verified against the certificate itself, by name.
        $c = new Swoole\Coroutine\Client(SWOOLE_SOCK_UDP | SWOOLE_SSL);
        $c->set(['ssl_cafile' => "$dir/cert.pem", 'ssl_host_name' => 'localhost'] + $framing);
        var_dump($c->connect('127.0.0.1', $s->port, 5));
        $body = random_bytes(100000);
        $c->send(pack('N', strlen($body)) . $body);
        $reply = $c->recv(5);
        var_dump(strlen($reply), substr($reply, 4) === strrev($body));
        $c->close();
        // A second client gets its own connection.
        $d = new Swoole\Coroutine\Client(SWOOLE_SOCK_UDP | SWOOLE_SSL);
        $d->set(['ssl_verify_peer' => false] + $framing);
        var_dump($d->connect('127.0.0.1', $s->port, 5));
        $d->send(pack('N', 5) . 'hello');
        var_dump(substr($d->recv(5), 4));
        $d->close();
        for ($i = 0; $i < 500 && count(array_filter($events, fn($e) => $e[0] === 'close')) < 2; $i++) Co::sleep(0.01);
        $ids = [];
        foreach ($events as [$what, $fd, $n]) {
            $ids[$fd] ??= count($ids) + 1;  // the refused client took an id too: number them as seen
            echo "$what #{$ids[$fd]}", $n === null ? '' : " $n", "\n";
        }
        $s->shutdown();
    });
});
$server->on('connect', function ($s, $fd) use (&$events) { $events[] = ['connect', $fd, null]; });
$server->on('receive', function (Swoole\Server $s, $fd, $rid, $data) use (&$events) {
    $body = substr($data, 4);
    $events[] = ['receive', $fd, strlen($body)];
    $s->send($fd, pack('N', strlen($body)) . strrev($body));
});
$server->on('close', function ($s, $fd) use (&$events) { $events[] = ['close', $fd, null]; });
$server->start();
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
int(0)
bool(false)
bool(true)
bool(true)
int(100004)
bool(true)
bool(true)
string(5) "olleh"
connect #1
receive #1 100000
close #1
connect #2
receive #2 5
close #2

--TEST--
SWOOLE_SSL port: a client speaking plaintext is closed before onConnect and logged in Swoole's layout and words ("[time]\tWARNING\tSocket::ssl_accept(): bad SSL client[...], reason=N, error_string=...")
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate'); ?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$dir = sys_get_temp_dir() . '/gust_badssl_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . " -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);
$log = "$dir/server.log";
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE, SWOOLE_SOCK_TCP | SWOOLE_SSL);
$server->set(['worker_num' => 1, 'log_file' => $log, 'log_level' => SWOOLE_LOG_WARNING,
    'ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem"]);
$server->on('workerStart', function (Swoole\Server $s) {
    go(function () use ($s) {
        $c = new Swoole\Coroutine\Client(SWOOLE_SOCK_TCP);
        var_dump($c->connect('127.0.0.1', $s->port, 5));
        $c->send("hello world\r\n\r\n");
        $r = $c->recv(5);  // the server closes it: '' (FIN), or false (RST: our bytes were left unread)
        echo $r === '' || ($r === false && $c->errCode === SOCKET_ECONNRESET) ? "closed\n" : "unexpected\n";
        $s->shutdown();
    });
});
$server->on('connect', function () { echo "onConnect must not run\n"; });
$server->on('receive', function () { echo "onReceive must not run\n"; });
$server->start();
echo file_get_contents($log);
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECTF--
int(0)
bool(true)
closed
[%s]	WARNING	Socket::ssl_accept(): bad SSL client[127.0.0.1:%d], reason=%d, error_string=%s

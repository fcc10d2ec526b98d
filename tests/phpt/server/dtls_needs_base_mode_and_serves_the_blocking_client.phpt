--TEST--
DTLS: a SWOOLE_PROCESS server refuses SWOOLE_UDP | SWOOLE_SSL; a blocking Swoole\Client talks to a BASE server's DTLS port (16 KB in one record, a second message, close)
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate'); ?>
--FILE--
<?php
try {
    new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS, SWOOLE_SOCK_UDP | SWOOLE_SSL);
} catch (Swoole\Exception $e) {
    echo $e->getMessage(), "\n";
}
$dir = sys_get_temp_dir() . '/gust_dtls_sync_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . " -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);
$proc = new Swoole\Process(function (Swoole\Process $proc) use ($dir) {
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE, SWOOLE_SOCK_UDP | SWOOLE_SSL);
    $server->set(['worker_num' => 1, 'log_file' => '/dev/null',
        'ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem"]);
    $server->on('workerStart', function ($s) use ($proc) { $proc->write((string)$s->port); });
    $server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, "Swoole $data"); });
    $server->on('close', function ($s, $fd) use ($proc) { $proc->write("closed $fd"); });
    $server->start();
    $proc->write('0');  // start() failed: the parent's connect fails instead of waiting
});
$proc->start();
$port = (int)$proc->read();
$c = new Swoole\Client(SWOOLE_SOCK_UDP | SWOOLE_SSL);
$c->set(['ssl_verify_peer' => false]);
var_dump($c->connect('127.0.0.1', $port, 5));
$big = 'hello' . str_repeat('A', 16000);
$c->send($big);
var_dump($c->recv(65535) === "Swoole $big");
$c->send('again');
var_dump($c->recv());
$c->close();
echo $proc->read(), "\n";
Swoole\Process::kill($proc->pid, SIGTERM);
Swoole\Process::wait();
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
DTLS (SWOOLE_UDP | SWOOLE_SSL) needs SWOOLE_BASE mode
int(0)
bool(true)
bool(true)
string(12) "Swoole again"
closed 1

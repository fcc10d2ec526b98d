--TEST--
A unix datagram server answers with send($addr['address']) (the client's path); Swoole\Client's unix datagram socket gets an address of its own (autobind) to be answered on
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$path = sys_get_temp_dir() . '/gust-udg-' . getmypid() . '.sock';
// The client is forked before the server starts (forking inside a coroutine, workerStart, is
// refused as in Swoole) and goes once the worker tells it the socket is bound.
[$go, $ready] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($go);
    fread($ready, 1);
    $c = new Swoole\Client(SWOOLE_SOCK_UNIX_DGRAM);
    var_dump($c->connect($path, 0, 5));
    $c->send('ping');
    $got = $c->recv();
    echo "client got: $got\n";
    exit(0);
}
fclose($ready);
$server = new Swoole\Server($path, 0, SWOOLE_BASE, SWOOLE_SOCK_UNIX_DGRAM);
$server->set(['worker_num' => 1, 'log_level' => 5]);
$server->on('workerStart', function ($s) use ($go) {
    fwrite($go, "g");
    Swoole\Coroutine\System::wait(10);
    global $sent;
    var_dump($sent);  // printed here, after the client's line: one order whatever the scheduling
    $s->shutdown();
});
$server->on('packet', function ($s, $data, $addr) {
    echo "packet: $data from an abstract address: ", var_export($addr['address'][0] === '@', true), "\n";
    global $sent;
    $sent = $s->send($addr['address'], "pong:$data");
});
$server->start();
var_dump(file_exists($path));
?>
--EXPECT--
bool(true)
packet: ping from an abstract address: true
client got: pong:ping
bool(true)
bool(false)

--TEST--
Swoole\Client (SWOOLE_SOCK_SYNC): blocking connect/send/recv, MSG_WAITALL, length framing, recv timeout (EAGAIN), refused connect, close, swoole_client_select(), UDP sendto
--EXTENSIONS--
gust
--FILE--
<?php
// The peer: a plain PHP stream server in a child process; it reports its port on a pipe.
$pipe = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
$pid = pcntl_fork();
if ($pid === 0) {
    $server = stream_socket_server('tcp://127.0.0.1:0');
    fwrite($pipe[1], explode(':', stream_socket_get_name($server, false))[1] . "\n");
    for ($i = 0; $i < 2; $i++) {
        $conn = stream_socket_accept($server, 10);
        while (($line = fgets($conn)) !== false) {
            $line = rtrim($line);
            if ($line === 'quit') break;
            if ($line === 'silent') continue;
            if ($line === 'packets') {
                fwrite($conn, pack('N', 3) . 'one' . pack('N', 5));
                usleep(20000);
                fwrite($conn, 'three');
                continue;
            }
            fwrite($conn, "echo:$line\n");
        }
        fclose($conn);
    }
    exit(0);
}
$port = (int)fgets($pipe[0]);

$c = new Swoole\Client(SWOOLE_SOCK_TCP);
var_dump($c->isConnected(), $c->sock);
var_dump($c->connect('127.0.0.1', $port, 2), $c->isConnected(), $c->sock > 0);
var_dump($c->send("hello\n"), $c->recv());
$c->send("a\nb\n");
var_dump($c->recv(14, Swoole\Client::MSG_WAITALL));
var_dump($c->getpeername()['port'] === $port, $c->getsockname()['host']);
// nothing comes: the read timeout (connect()'s) ends recv() with EAGAIN
$c->set(['timeout' => 0.1]);
$c->send("silent\n");
$t = microtime(true);
var_dump(@$c->recv(), $c->errCode === SOCKET_EAGAIN, microtime(true) - $t < 1);
$r = [$c]; $w = []; $e = [];
var_dump(swoole_client_select($r, $w, $e, 0.05), count($r));
$c->send("x\n");
$r = [$c]; $w = []; $e = [];
var_dump(swoole_client_select($r, $w, $e, 2), count($r), $c->recv());
var_dump($c->close(), $c->isConnected(), @$c->close(), @$c->recv(), $c->errCode === SWOOLE_ERROR_CLIENT_NO_CONNECTION);

// framing: recv() returns whole packages
$p = new Swoole\Client(SWOOLE_SOCK_TCP);
$p->set(['open_length_check' => true, 'package_length_type' => 'N', 'package_length_offset' => 0,
         'package_body_offset' => 4, 'package_max_length' => 1024, 'timeout' => 2]);
var_dump($p->connect('127.0.0.1', $port, 2));
$p->send("packets\n");
var_dump(bin2hex($p->recv()), bin2hex($p->recv()));
$p->send("quit\n");
var_dump($p->recv());
$p->close();
pcntl_waitpid($pid, $status);

// refused
$bad = new Swoole\Client(SWOOLE_SOCK_TCP);
var_dump(@$bad->connect('127.0.0.1', $port, 1), $bad->errCode === SOCKET_ECONNREFUSED);

// UDP
$u = stream_socket_server('udp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND);
$uport = (int)explode(':', stream_socket_get_name($u, false))[1];
$uc = new Swoole\Client(SWOOLE_SOCK_UDP);
var_dump($uc->sendto('127.0.0.1', $uport, 'dgram'), stream_socket_recvfrom($u, 100));
try {
    new Swoole\Client(12345);
} catch (Swoole\Exception $ex) {
    echo $ex->getMessage(), "\n";
}
?>
--EXPECT--
bool(false)
int(-1)
bool(true)
bool(true)
bool(true)
int(6)
string(11) "echo:hello
"
string(14) "echo:a
echo:b
"
bool(true)
string(9) "127.0.0.1"
bool(false)
bool(true)
bool(true)
int(0)
int(0)
int(1)
int(1)
string(7) "echo:x
"
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
string(14) "000000036f6e65"
string(18) "000000057468726565"
string(0) ""
bool(false)
bool(true)
bool(true)
string(5) "dgram"
Unknown client type '12345'

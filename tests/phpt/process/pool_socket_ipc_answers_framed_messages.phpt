--TEST--
Swoole\Process\Pool with SWOOLE_IPC_SOCKET: listen() in the master, a worker takes each connection's length-prefixed message and answers with what write() gathered, framed the same way
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
use Swoole\Process\Pool;

$probe = stream_socket_server('tcp://127.0.0.1:0');
$port = (int)substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
fclose($probe);
[$r, $w] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$master = pcntl_fork();
if ($master === 0) {
    fclose($r);
    $pool = new Pool(2, SWOOLE_IPC_SOCKET);
    var_dump($pool->listen('127.0.0.1', $port));
    $pool->on('workerStart', function () use ($w) { fwrite($w, "up\n"); });
    $pool->on('message', function (Pool $pool, string $msg) {
        $pool->write("echo: ");
        $pool->write(strtoupper($msg));
    });
    $pool->start();
    exit(0);
}
fclose($w);
stream_set_timeout($r, 10);
fgets($r);
fgets($r);
foreach (['hello', str_repeat('x', 100000)] as $msg) {
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    fwrite($c, pack('N', strlen($msg)) . $msg);
    $len = unpack('N', fread($c, 4))[1];
    $body = '';
    while (strlen($body) < $len && !feof($c)) $body .= fread($c, $len - strlen($body));
    echo strlen($body) > 40 ? strlen($body) : $body, "\n";
    var_dump(fread($c, 1));  // closed after the answer
    fclose($c);
}
posix_kill($master, SIGTERM);
pcntl_waitpid($master, $status);
var_dump(pcntl_wexitstatus($status));
?>
--EXPECT--
bool(true)
echo: HELLO
string(0) ""
100006
string(0) ""
int(0)

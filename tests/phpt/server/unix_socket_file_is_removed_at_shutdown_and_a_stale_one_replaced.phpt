--TEST--
A unix-socket server removes its socket file when it ends; a stale socket file nobody listens on does not stop the next start, while a live server's socket or a regular file does
--EXTENSIONS--
gust
pcntl
--FILE--
<?php
$path = sys_get_temp_dir() . '/gust-unix-' . getmypid() . '.sock';
@unlink($path);

function serve_once(string $path): int {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $server = new Swoole\Server($path, 0, SWOOLE_BASE, SWOOLE_SOCK_UNIX_STREAM);
        $server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
        $server->on('receive', function ($s, $fd, $r, $data) {
            $s->send($fd, "echo:$data");
            if ($data === 'stop') $s->shutdown();
        });
        $server->start();
        exit(0);
    }
    for ($i = 0; $i < 200 && !($c = @stream_socket_client("unix://$path", $e, $m, 1)); $i++) usleep(10000);
    fwrite($c, 'stop');
    echo fread($c, 100), "\n";
    pcntl_waitpid($pid, $status);
    return pcntl_wexitstatus($status);
}

$code = serve_once($path);
echo "exit $code\n";
echo "file left: ", var_export(file_exists($path), true), "\n";

// A stale socket file, as a crashed server leaves it.
$stale = stream_socket_server("unix://$path");
// Closing a listening unix socket keeps its file: nobody listens there now.
fclose($stale);
echo "stale file: ", var_export(file_exists($path), true), "\n";
$code = serve_once($path);
echo "exit $code\n";

// A live server's socket is not taken over.
$live = stream_socket_server("unix://$path");
try {
    new Swoole\Server($path, 0, SWOOLE_BASE, SWOOLE_SOCK_UNIX_STREAM);
} catch (Swoole\Exception $e) {
    echo "live: ", get_class($e), "\n";
}
fclose($live);
@unlink($path);

// Nor is a regular file removed.
file_put_contents($path, 'data');
try {
    new Swoole\Server($path, 0, SWOOLE_BASE, SWOOLE_SOCK_UNIX_STREAM);
} catch (Swoole\Exception $e) {
    echo "regular file: ", get_class($e), ", kept: ", file_get_contents($path), "\n";
}
unlink($path);
?>
--EXPECT--
echo:stop
exit 0
file left: false
stale file: true
echo:stop
exit 0
live: Swoole\Exception
regular file: Swoole\Exception, kept: data

--TEST--
enable_reuse_port: once the server starts, another socket with SO_REUSEPORT can bind its port (the port was bound in the constructor, before set() asked for it)
--EXTENSIONS--
gust
sockets
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
function try_bind(int $port): bool {
    $sock = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_set_option($sock, SOL_SOCKET, SO_REUSEADDR, 1);
    socket_set_option($sock, SOL_SOCKET, SO_REUSEPORT, 1);
    $ok = @socket_bind($sock, '127.0.0.1', $port) && @socket_listen($sock);
    socket_close($sock);
    return $ok;
}
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
echo "before start: another bind ", try_bind($server->port) ? "works" : "fails", "\n";
$server->set(['worker_num' => 1, 'enable_reuse_port' => true, 'log_level' => SWOOLE_LOG_WARNING]);
$server->on('workerStart', function ($s) {
    echo "started with enable_reuse_port: another bind ", try_bind($s->port) ? "works" : "fails", "\n";
    $s->shutdown();
});
$server->on('receive', function () {});
$server->start();
?>
--EXPECT--
before start: another bind fails
started with enable_reuse_port: another bind works

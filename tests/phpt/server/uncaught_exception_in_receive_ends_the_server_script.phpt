--TEST--
An uncaught exception in a receive callback is reported like PHP's and ends the single-process server (no crash, no hang)
--EXTENSIONS--
gust
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('workerStart', function ($s) {
    $c = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($c, "boom");
    fread($c, 10);
});
$server->on('receive', function ($s, $fd, $rid, $data) { throw new RuntimeException("bad $data"); });
$server->start();
echo "not reached\n";
?>
--EXPECTF--
%AFatal error: Uncaught RuntimeException: bad boom in %s:%d
Stack trace:
#0 [internal function]: {closure}(Object(Swoole\Server), 1, 0, 'boom')
#1 {main}
  thrown in %s on line %d

--TEST--
Co::set(): socket_send_timeout and socket_recv_timeout are Swoole's other names of socket_write_timeout and socket_read_timeout (those win when both are given); a hooked read then times out after it
--EXTENSIONS--
gust
--FILE--
<?php
Co::set(['socket_send_timeout' => 2.5, 'socket_recv_timeout' => 0.2]);
$o = Co::getOptions();
var_dump($o['socket_write_timeout'], $o['socket_read_timeout']);
Co::set(['socket_send_timeout' => 4, 'socket_write_timeout' => 3]);
var_dump(Co::getOptions()['socket_write_timeout']);
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
Co\run(function () {
    $server = stream_socket_server('tcp://127.0.0.1:0');
    $c = stream_socket_client('tcp://' . stream_socket_get_name($server, false));
    $conn = stream_socket_accept($server);
    $t = microtime(true);
    var_dump(fread($c, 10), stream_get_meta_data($c)['timed_out']);  // nothing comes: the 0.2 s read timeout ends it
    $waited = microtime(true) - $t;
    echo $waited >= 0.15 && $waited < 2 ? "timed out\n" : "waited $waited s\n";
});
?>
--EXPECT--
float(2.5)
float(0.2)
float(3)
bool(false)
bool(true)
timed out

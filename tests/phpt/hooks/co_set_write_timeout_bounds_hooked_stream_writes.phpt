--TEST--
Co::set() socket_write_timeout bounds a hooked fwrite() that the peer never reads: it ends with timed_out set instead of waiting default_socket_timeout
--EXTENSIONS--
gust
--INI--
default_socket_timeout=20
--FILE--
<?php
Co::set(['socket_write_timeout' => 0.2]);
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $c = stream_socket_client("tcp://" . stream_socket_get_name($server, false), $errno, $errstr, 1);
    $conn = stream_socket_accept($server);  // never read: the socket buffers fill up
    $data = str_repeat("x", 32 << 20);       // more than loopback send + receive buffers hold
    $t = hrtime(true);
    $n = @fwrite($c, $data);
    $ms = (hrtime(true) - $t) / 1e6;
    // Only an upper bound: the wait is armed against the loop's clock, read before the buffers
    // were filled, so it may end sooner after the fwrite() started than 0.2 s.
    var_dump($n === false || $n < strlen($data), stream_get_meta_data($c)['timed_out'], $ms < 5000);
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)

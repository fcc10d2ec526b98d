--TEST--
Co::set() socket_read_timeout / socket_timeout bound reads of hooked streams that have no stream_set_timeout() of their own; the stream's own timeout wins
--EXTENSIONS--
gust
--INI--
default_socket_timeout=20
--FILE--
<?php
// The peer accepts and never writes: every read below can only end by its timeout. Without the
// Co::set() default a read would wait default_socket_timeout (20 s).
function timed_read($c) {
    $t = hrtime(true);
    $r = fread($c, 10);
    $ms = (hrtime(true) - $t) / 1e6;
    return [$r, stream_get_meta_data($c)['timed_out'], $ms >= 100 && $ms < 5000];
}
Co::set(['socket_read_timeout' => 0.2]);
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $c = stream_socket_client("tcp://" . stream_socket_get_name($server, false), $errno, $errstr, 1);
    $conn = stream_socket_accept($server);
    var_dump(timed_read($c));
    // socket_timeout sets read and write; a stream_set_timeout() of the stream beats it.
    Co::set(['socket_timeout' => 30]);
    stream_set_timeout($c, 0, 200000);
    var_dump(timed_read($c));
    // Data still arrives normally.
    fwrite($conn, "x");
    var_dump(fread($c, 10));
});
?>
--EXPECT--
array(3) {
  [0]=>
  bool(false)
  [1]=>
  bool(true)
  [2]=>
  bool(true)
}
array(3) {
  [0]=>
  bool(false)
  [1]=>
  bool(true)
  [2]=>
  bool(true)
}
string(1) "x"

--TEST--
A hooked fread that times out returns false (as PHP 8.2) with timed_out set in the stream meta data, and other coroutines run meanwhile
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $c = stream_socket_client("tcp://" . stream_socket_get_name($server, false), $errno, $errstr, 1);
    $conn = stream_socket_accept($server);
    $ticks = 0;
    go(function () use (&$ticks) { for ($i = 0; $i < 3; $i++) { Co::sleep(0.005); $ticks++; } });
    stream_set_timeout($c, 0, 100000);
    $t = microtime(true);
    var_dump(fread($c, 10));
    $elapsed = microtime(true) - $t;
    var_dump(stream_get_meta_data($c)['timed_out'], $elapsed >= 0.09, $elapsed < 1.0, $ticks);
    // The next read that gets data clears the flag.
    fwrite($conn, "x");
    var_dump(fread($c, 10), stream_get_meta_data($c)['timed_out']);
    // A zero timeout never waits.
    stream_set_timeout($c, 0);
    var_dump(fread($c, 10), stream_get_meta_data($c)['timed_out']);
});
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(true)
int(3)
string(1) "x"
bool(false)
bool(false)
bool(true)

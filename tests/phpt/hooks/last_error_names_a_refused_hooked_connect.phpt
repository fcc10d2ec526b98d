--TEST--
A hooked stream connect (Co\run hooks everything) that fails records its errno as the last error: swoole_strerror(swoole_last_error()) names it as PHP's own error does
--EXTENSIONS--
gust
--FILE--
<?php
$s = stream_socket_server('tcp://127.0.0.1:0');
$port = (int)substr(strrchr(stream_socket_get_name($s, false), ':'), 1);
fclose($s);  // nothing listens there now: the connect is refused
Co\run(function () use ($port) {
    swoole_clear_error();
    $c = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    var_dump($c, $errno === 111, swoole_last_error() === $errno);
    var_dump(swoole_strerror(swoole_last_error()) === $errstr);
    echo swoole_strerror(swoole_last_error()), "\n";
});
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(true)
Connection refused

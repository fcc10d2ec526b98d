--TEST--
With hook_flags 0, and outside Co\run, socket streams are PHP's own (OpenSSL's tcp transport) and block as usual
--EXTENSIONS--
gust
--FILE--
<?php
function conversation() {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $c = stream_socket_client("tcp://" . stream_socket_get_name($server, false), $errno, $errstr, 1);
    $conn = stream_socket_accept($server, 1);
    fwrite($c, "ping\n");
    $got = fgets($conn);
    fwrite($conn, "pong\n");
    return [stream_get_meta_data($c)['stream_type'], trim($got), trim(fgets($c))];
}
$plain = conversation();
echo implode(" ", $plain), "\n";
Co\run(function () use ($plain) { var_dump(conversation()[0]); });
var_dump(conversation() === $plain);
Co::set(['hook_flags' => 0]);
Co\run(function () use ($plain) { var_dump(conversation() === $plain); });
?>
--EXPECT--
tcp_socket/ssl ping pong
string(10) "tcp_socket"
bool(true)
bool(true)

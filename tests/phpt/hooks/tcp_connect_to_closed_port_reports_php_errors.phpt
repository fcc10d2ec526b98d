--TEST--
Hooked connect to a closed port fails as PHP does: stream_socket_client's errno/errstr and fsockopen's warning
--EXTENSIONS--
gust
--FILE--
<?php
$probe = stream_socket_server("tcp://127.0.0.1:0");
$addr = stream_socket_get_name($probe, false);
fclose($probe);  // nothing listens there now
Co\run(function () use ($addr) {
    [$host, $port] = explode(":", $addr);
    var_dump(stream_socket_client("tcp://$addr", $errno, $errstr, 1));
    var_dump($errno, $errstr);
    var_dump(fsockopen($host, (int) $port, $errno2, $errstr2, 1));
    var_dump($errno2, $errstr2);
});
?>
--EXPECTF--
Warning: stream_socket_client(): Unable to connect to tcp://127.0.0.1:%d (Connection refused) in %s on line %d
bool(false)
int(111)
string(18) "Connection refused"

Warning: fsockopen(): Unable to connect to 127.0.0.1:%d (Connection refused) in %s on line %d
bool(false)
int(111)
string(18) "Connection refused"

--TEST--
Hooked tcp:// connects bind socket.bindto first ("host:port", ":port", "0:port"), without blocking the thread; a bad address warns
--EXTENSIONS--
gust
--FILE--
<?php
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_TCP);
Co\run(function () {
    $server = stream_socket_server('tcp://127.0.0.1:0');
    $addr = stream_socket_get_name($server, false);
    foreach (['127.0.0.1', '', '0'] as $host) {
        $probe = stream_socket_server('tcp://127.0.0.1:0');  // a free local port to bind the client to
        $port = (int)substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
        fclose($probe);
        $ctx = stream_context_create(['socket' => ['bindto' => "$host:$port"]]);
        $client = stream_socket_client("tcp://$addr", $errno, $errstr, 5, STREAM_CLIENT_CONNECT, $ctx);
        $conn = stream_socket_accept($server, 5);
        $peer = stream_socket_get_name($conn, true);
        echo json_encode("$host:"), ' ', $peer === "127.0.0.1:$port" ? "bound" : "not bound: $peer", "\n";
        fclose($client);
        fclose($conn);
    }
    $ctx = stream_context_create(['socket' => ['bindto' => 'not-an-ip:1']]);
    var_dump(@stream_socket_client("tcp://$addr", $errno, $errstr, 5, STREAM_CLIENT_CONNECT, $ctx), $errno);
    stream_socket_client("tcp://$addr", $errno, $errstr, 5, STREAM_CLIENT_CONNECT, $ctx);
});
?>
--EXPECTF--
"127.0.0.1:" bound
":" bound
"0:" bound
bool(false)
int(22)

Warning: stream_socket_client(): Invalid IP Address: not-an-ip in %s on line %d

Warning: stream_socket_client(): Unable to connect to tcp://127.0.0.1:%d (Invalid argument) in %s on line %d

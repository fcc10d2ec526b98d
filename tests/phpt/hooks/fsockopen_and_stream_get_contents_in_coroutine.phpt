--TEST--
fsockopen(), fwrite() and stream_get_contents() work in coroutines with TCP hooks
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    [$host, $port] = explode(":", stream_socket_get_name($server, false));
    go(function () use ($server) {
        $conn = stream_socket_accept($server);
        $req = fgets($conn);
        for ($i = 0; $i < 3; $i++) fwrite($conn, "part$i:" . strtoupper($req));
        fclose($conn);
    });
    $fp = fsockopen($host, (int) $port, $errno, $errstr, 1);
    var_dump(stream_get_meta_data($fp)['stream_type']);
    fwrite($fp, "ping\n");
    echo stream_get_contents($fp);
    var_dump(feof($fp));
    fclose($fp);
});
?>
--EXPECT--
string(10) "tcp_socket"
part0:PING
part1:PING
part2:PING
bool(true)

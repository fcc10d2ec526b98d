--TEST--
UDP, unix stream and unix datagram sockets round-trip between coroutines with hooks on
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    // UDP: the server waits in stream_socket_recvfrom before the client has sent anything.
    $udp = stream_socket_server("udp://127.0.0.1:0", $errno, $errstr, STREAM_SERVER_BIND);
    $udpAddr = stream_socket_get_name($udp, false);
    go(function () use ($udp) {
        $msg = stream_socket_recvfrom($udp, 100, 0, $peer);
        stream_socket_sendto($udp, "udp echo: $msg", 0, $peer);
    });
    $c = stream_socket_client("udp://$udpAddr", $errno, $errstr, 1);
    fwrite($c, "datagram");
    var_dump(fread($c, 100));
    fclose($c);
    fclose($udp);

    // unix stream socket
    $path = sys_get_temp_dir() . "/gust-hook-" . getmypid() . ".sock";
    @unlink($path);
    $unix = stream_socket_server("unix://$path", $errno, $errstr);
    go(function () use ($unix) {
        $conn = stream_socket_accept($unix);
        fwrite($conn, "unix echo: " . fgets($conn));
        fclose($conn);
    });
    $c = stream_socket_client("unix://$path", $errno, $errstr, 1);
    var_dump(stream_get_meta_data($c)['stream_type']);
    fwrite($c, "line\n");
    var_dump(fgets($c));
    fclose($c);
    fclose($unix);
    unlink($path);

    // unix datagram socket
    $dpath = sys_get_temp_dir() . "/gust-hook-" . getmypid() . ".dgram";
    @unlink($dpath);
    $udg = stream_socket_server("udg://$dpath", $errno, $errstr, STREAM_SERVER_BIND);
    $got = new Swoole\Coroutine\Channel(1);
    go(function () use ($udg, $got) { $got->push(fread($udg, 100)); });
    $c = stream_socket_client("udg://$dpath", $errno, $errstr, 1);
    fwrite($c, "udg datagram");
    var_dump($got->pop());
    fclose($c);
    fclose($udg);
    unlink($dpath);
});
?>
--EXPECT--
string(18) "udp echo: datagram"
string(11) "unix_socket"
string(16) "unix echo: line
"
string(12) "udg datagram"

--TEST--
Closing a socket stream that another coroutine waits on wakes that coroutine with a failure and leaves nothing behind
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $addr = stream_socket_get_name($server, false);
    $c = stream_socket_client("tcp://$addr", $errno, $errstr, 1);
    $conn = stream_socket_accept($server);
    $done = new Swoole\Coroutine\Channel(2);
    go(function () use ($c, $done) {
        echo "reader waits\n";
        var_dump(fread($c, 10));
        echo "reader woke\n";
        $done->push(true);
    });
    go(function () use ($server, $done) {
        echo "acceptor waits\n";
        var_dump(@stream_socket_accept($server, 5));
        echo "acceptor woke\n";
        $done->push(true);
    });
    echo "closing\n";
    fclose($c);
    fclose($server);
    echo "closed\n";
    $done->pop();
    $done->pop();
    try { fread($c, 1); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
    fclose($conn);
});
echo "end\n";
?>
--EXPECT--
reader waits
acceptor waits
closing
bool(false)
reader woke
bool(false)
acceptor woke
closed
fread(): supplied resource is not a valid stream resource
end

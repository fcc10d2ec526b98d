--TEST--
Closing a proc_open pipe, a sockets-extension socket or a stream_socket_pair() end that another coroutine waits on wakes that coroutine with a failure instead of hanging
--EXTENSIONS--
gust
sockets
--FILE--
<?php
Co\run(function () {
    $proc = proc_open("sleep 2; echo hi", [1 => ["pipe", "w"]], $pipes);
    $out = $pipes[1];
    go(function () use ($out) { var_dump(@fread($out, 100)); echo "pipe reader done\n"; });
    fclose($out);
    echo "pipe closed\n";
    proc_terminate($proc);
    proc_close($proc);

    socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
    go(function () use ($pair) {
        try { var_dump(@socket_read($pair[0], 100)); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
        echo "socket reader done\n";
    });
    socket_close($pair[0]);  // a Coroutine\Socket under the hook: its reader runs before close returns
    echo "socket closed\n";

    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    go(function () use ($a) { var_dump(@fread($a, 10)); echo "stream reader done\n"; });
    fclose($a);
    echo "stream closed\n";
});
echo "run returned\n";
?>
--EXPECT--
bool(false)
pipe reader done
pipe closed
bool(false)
socket reader done
socket closed
bool(false)
stream reader done
stream closed
run returned

--TEST--
TCP streams in coroutines: one coroutine waits in fread on a silent socket while another completes a whole echo exchange
--EXTENSIONS--
gust
--FILE--
<?php
$log = [];
function echo_server($server, &$log, $name) {
    $conn = stream_socket_accept($server);
    while (($line = fgets($conn)) !== false) {
        $log[] = "$name server got " . trim($line);
        fwrite($conn, "echo: $line");
    }
    fclose($conn);
}
Co\run(function () use (&$log) {
    $quiet = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $busy = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $quietAddr = stream_socket_get_name($quiet, false);
    $busyAddr = stream_socket_get_name($busy, false);
    $quietConn = null;
    $accepted = new Swoole\Coroutine\Channel(1);
    go(function () use ($quiet, &$quietConn, $accepted) { $quietConn = stream_socket_accept($quiet); $accepted->push(true); });
    go(function () use ($busy, &$log) { echo_server($busy, $log, "busy"); });

    // Coroutine A: blocks in fread on a socket nobody writes to (yet).
    go(function () use ($quietAddr, &$log) {
        $c = stream_socket_client("tcp://$quietAddr", $errno, $errstr, 1);
        $log[] = "A waits";
        $data = fread($c, 100);
        $log[] = "A got $data";
        fclose($c);
    });
    // Coroutine B: a full conversation while A waits on the same thread.
    go(function () use ($busyAddr, &$log, &$quietConn, $accepted) {
        $c = stream_socket_client("tcp://$busyAddr", $errno, $errstr, 1);
        foreach (["one", "two"] as $word) {
            fwrite($c, "$word\n");
            $log[] = "B got " . trim(fgets($c));
        }
        fclose($c);
        $accepted->pop();
        $log[] = "B wakes A";
        fwrite($quietConn, "finally");
        fclose($quietConn);
    });
});
echo implode("\n", $log), "\n";
?>
--EXPECT--
A waits
busy server got one
B got echo: one
busy server got two
B got echo: two
B wakes A
A got finally

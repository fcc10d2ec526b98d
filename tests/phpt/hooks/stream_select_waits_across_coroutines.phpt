--TEST--
stream_select() in a coroutine parks until a stream is ready, keeps the array keys, counts buffered data and times out like PHP
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $addr = stream_socket_get_name($server, false);
    $clients = $conns = [];
    foreach (["a", "b", "c"] as $k) {
        $clients[$k] = stream_socket_client("tcp://$addr", $errno, $errstr, 1);
        $conns[$k] = stream_socket_accept($server);
    }
    $log = [];
    // Another coroutine writes to "b" once told to, which happens only as the selecting one waits.
    go(function () use ($conns, &$log) {
        $log[] = "writer waits for its cue";
        fgets($conns["a"]);
        $log[] = "writer writes";
        fwrite($conns["b"], "bee\nmore\n");
    });

    fwrite($clients["a"], "cue\n");
    $log[] = "selecting";
    $r = $clients; $w = null; $e = null;
    $log[] = "select returned " . stream_select($r, $w, $e, 2);
    $log[] = "readable: " . implode(",", array_keys($r));
    $log[] = "read " . trim(fgets($r["b"]));
    // "b" has buffered data left: readable at once, alone, as PHP reports it.
    $r = $clients; $w = [$clients["a"]];
    $log[] = "buffered select returned " . stream_select($r, $w, $e, 0, 0) . " with " . implode(",", array_keys($r)) . " and " . count($w) . " writable";
    fgets($clients["b"]);
    // Writable streams are ready at once.
    $r = null; $w = ["x" => $clients["c"]];
    $log[] = "writable select returned " . stream_select($r, $w, $e, 1) . " with " . implode(",", array_keys($w));
    // Nothing arrives: the timeout empties the arrays and returns 0.
    $r = $clients; $w = null;
    $t = microtime(true);
    $n = stream_select($r, $w, $e, 0, 50000);
    $log[] = "timeout select returned $n, " . count($r) . " left, waited " . (microtime(true) - $t >= 0.04 ? "enough" : "too little");
    echo implode("\n", $log), "\n";
});
?>
--EXPECT--
writer waits for its cue
selecting
writer writes
select returned 1
readable: b
read bee
buffered select returned 1 with b and 0 writable
writable select returned 1 with x
timeout select returned 0, 0 left, waited enough

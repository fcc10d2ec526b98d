--TEST--
A hooked fwrite larger than the socket buffers parks while the reading coroutine drains the other end, then completes
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $c = stream_socket_client("tcp://" . stream_socket_get_name($server, false), $errno, $errstr, 1);
    $conn = stream_socket_accept($server);
    $size = 32 << 20;  // far more than loopback socket buffers hold
    $read = 0;
    $done = new Swoole\Coroutine\Channel(1);
    go(function () use ($conn, $size, &$read, $done) {
        $hash = hash_init("crc32b");
        while ($read < $size && ($d = fread($conn, 1 << 16)) !== false && $d !== "") {
            $read += strlen($d);
            hash_update($hash, $d);
        }
        $done->push(hash_final($hash));
    });
    $data = str_repeat("0123456789abcdef", $size / 16);
    $n = fwrite($c, $data);
    echo "fwrite returned $n; the reader had read ", $read > 0 ? "some" : "nothing", " meanwhile\n";
    var_dump($done->pop() === hash("crc32b", $data), $read);
});
?>
--EXPECT--
fwrite returned 33554432; the reader had read some meanwhile
bool(true)
int(33554432)

--TEST--
examples/php/readme_http.php (the README's example) answers, and three requests sleeping 1 s each overlap
--EXTENSIONS--
gust
--FILE--
<?php
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$probe = stream_socket_server('tcp://127.0.0.1:0');
$port = (int)substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
fclose($probe);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", __DIR__ . '/../../../examples/php/readme_http.php', $port],
               [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
// No line is printed when it listens: connect until it accepts (bounded).
for ($i = 0; $i < 200 && !($c = @stream_socket_client("tcp://127.0.0.1:$port", $e, $s, 1)); $i++) usleep(20000);
fclose($c);
$t = microtime(true);
$socks = [];
foreach (['ann', 'bob', 'cy'] as $name) {
    $socks[$name] = stream_socket_client("tcp://127.0.0.1:$port");
    fwrite($socks[$name], "GET /?name=$name HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
}
foreach ($socks as $s) {
    $r = stream_get_contents($s);
    echo substr($r, strpos($r, "\r\n\r\n") + 4);
}
echo microtime(true) - $t < 2.5 ? "overlapped\n" : "sequential\n";
proc_terminate($p, SIGTERM);
echo "exit: ", proc_close($p), "\n";
?>
--EXPECT--
hello ann
hello bob
hello cy
overlapped
exit: 0

--TEST--
PDO pgsql hooked: connecting to a server that never answers parks the coroutine for PDO::ATTR_TIMEOUT (libpq's connect_timeout), then throws the same SQLSTATE as plain PHP
--EXTENSIONS--
gust
pdo
pdo_pgsql
--FILE--
<?php
// Accepted by the kernel (listen backlog), never answered: libpq's startup packet waits forever.
$srv = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
$port = parse_url(stream_socket_get_name($srv, false), PHP_URL_PORT);
function attempt(int $port): array {
    $t = microtime(true);
    try {
        new PDO("pgsql:host=127.0.0.1;port=$port;dbname=x", "u", "", [PDO::ATTR_TIMEOUT => 2]);
        return ["connected"];
    } catch (PDOException $e) {
        $elapsed = microtime(true) - $t;
        return [$e->getCode(), strstr($e->getMessage(), " failed:", true), $elapsed > 1.9 && $elapsed < 3.5];
    }
}
echo json_encode(attempt($port)), "\n";
Co\run(function () use ($port) {
    $ticks = 0;
    $done = false;
    go(function () use (&$ticks, &$done) {
        while (!$done) { usleep(50000); $ticks++; }
    });
    echo json_encode(attempt($port)), "\n";
    $done = true;
    var_dump($ticks >= 30);
});
?>
--EXPECTF--
[7,"SQLSTATE[08006] [7] connection to server at \"127.0.0.1\", port %d",true]
[7,"SQLSTATE[08006] [7] connection to server at \"127.0.0.1\", port %d",true]
bool(true)

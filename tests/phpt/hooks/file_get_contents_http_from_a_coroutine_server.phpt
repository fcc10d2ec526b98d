--TEST--
file_get_contents('http://...') in a coroutine fetches from an HTTP server written in PHP in another coroutine of the same script
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $addr = stream_socket_get_name($server, false);
    go(function () use ($server) {
        $conn = stream_socket_accept($server);
        $request = fgets($conn);
        while (($line = fgets($conn)) !== false && $line !== "\r\n");
        $body = "hello from " . trim($request);
        fwrite($conn, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " . strlen($body) .
            "\r\nConnection: close\r\n\r\n$body");
        fclose($conn);
    });
    var_dump(file_get_contents("http://$addr/index.txt"));
    var_dump($http_response_header[0]);
});
?>
--EXPECT--
string(34) "hello from GET /index.txt HTTP/1.1"
string(15) "HTTP/1.1 200 OK"

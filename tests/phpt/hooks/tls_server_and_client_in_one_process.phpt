--TEST--
SWOOLE_HOOK_SSL: an ssl:// server and its clients in coroutines of one process (accept and the server's handshake yield); a client certificate required by verify_peer on the server; a plain-text client fails the accept, not the server
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!extension_loaded('openssl') || trim((string)shell_exec('command -v openssl')) === '') die('skip needs ext/openssl and the openssl command'); ?>
--FILE--
<?php
require __DIR__ . '/tls_stream_peer.inc';
$certs = tls_make_certs();
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
Co\run(function () use ($certs) {
    $ctx = stream_context_create(['ssl' => [
        'local_cert' => "$certs/server.crt", 'local_pk' => "$certs/server.key",
        'verify_peer' => true, 'cafile' => "$certs/ca.crt",  // clients must show a certificate of our CA
    ]]);
    $server = stream_socket_server('ssl://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN, $ctx);
    $port = explode(':', stream_socket_get_name($server, false))[1];
    $served = new Swoole\Coroutine\Channel(4);
    go(function () use ($server, $served) {
        for ($i = 0; $i < 3; $i++) {
            $c = @stream_socket_accept($server, 5);
            if (!$c) { $served->push('refused'); continue; }
            $line = fgets($c);
            fwrite($c, 'served ' . $line);
            fclose($c);
            $served->push('served');
        }
    });
    // With a certificate of the CA.
    $client = stream_context_create(['ssl' => ['cafile' => "$certs/ca.crt", 'peer_name' => 'localhost',
        'local_cert' => "$certs/server.crt", 'local_pk' => "$certs/server.key"]]);
    $c = stream_socket_client("tls://127.0.0.1:$port", $errno, $errstr, 5, STREAM_CLIENT_CONNECT, $client);
    fwrite($c, "one\n");
    echo fgets($c);
    fclose($c);
    echo $served->pop(), "\n";
    // Plain text to the TLS port: that accept fails, the server goes on.
    $plain = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    fwrite($plain, "GET / HTTP/1.0\r\n\r\n");
    echo $served->pop(), "\n";
    fclose($plain);
    // Without a client certificate: refused by the server (TLS 1.3 reports it after the client's
    // handshake, so the client sees it on its first read at the latest).
    $c = @stream_socket_client("ssl://127.0.0.1:$port", $errno, $errstr, 5, STREAM_CLIENT_CONNECT,
        stream_context_create(['ssl' => ['cafile' => "$certs/ca.crt", 'peer_name' => 'localhost']]));
    if ($c) { @fwrite($c, "two\n"); var_dump(@fgets($c)); fclose($c); } else { echo "connect refused\n"; }
    echo $served->pop(), "\n";
    fclose($server);
});
tls_remove_certs($certs);
?>
--EXPECT--
served one
served
refused
bool(false)
refused

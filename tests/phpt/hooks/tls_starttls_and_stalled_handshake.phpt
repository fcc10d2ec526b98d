--TEST--
Hooked streams: stream_socket_enable_crypto() on a tcp:// stream (STARTTLS) yields and then reads and writes through TLS; a handshake with a silent peer fails within its timeout without blocking other coroutines; bad crypto calls give PHP's warnings
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!extension_loaded('openssl') || trim((string)shell_exec('command -v openssl')) === '') die('skip needs ext/openssl and the openssl command'); ?>
--FILE--
<?php
require __DIR__ . '/tls_stream_peer.inc';
$certs = tls_make_certs();
$peer = tls_start_tls_peer($certs, 'server', 2, true);
Co\run(function () use ($certs, $peer) {
    Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
    $ticks = 0;
    $done = false;
    go(function () use (&$ticks, &$done) { while (!$done) { usleep(1000); $ticks++; } });

    // STARTTLS as SMTP and mysqlnd do it: plain first, then TLS on the same stream.
    $ctx = stream_context_create(['ssl' => ['cafile' => "$certs/ca.crt", 'peer_name' => 'localhost']]);
    $c = stream_socket_client("tcp://127.0.0.1:{$peer[1]}", $errno, $errstr, 5, STREAM_CLIENT_CONNECT, $ctx);
    fwrite($c, "STARTTLS\n");
    echo 'plain: ', fgets($c);
    var_dump(stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_CLIENT));
    var_dump(stream_get_meta_data($c)['crypto']['protocol']);
    fwrite($c, str_repeat('x', 100000) . "\n");
    echo 'tls: ', strlen(fgets($c)), " bytes echoed\n";
    fwrite($c, "bye\n");
    fclose($c);

    // The second connection: a bad certificate (no CA given) refuses STARTTLS.
    $c = stream_socket_client("tcp://127.0.0.1:{$peer[1]}", $errno, $errstr, 5);
    fwrite($c, "STARTTLS\n");
    fgets($c);
    var_dump(@stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_CLIENT));
    echo str_contains(error_get_last()['message'], 'certificate verify failed') ? "verify failed\n" : error_get_last()['message'];
    fclose($c);

    // A silent peer: the TCP connect succeeds, the handshake never gets an answer.
    $silent = stream_socket_server('tcp://127.0.0.1:0');
    $port = explode(':', stream_socket_get_name($silent, false))[1];
    $t = microtime(true);
    $c = @stream_socket_client("ssl://127.0.0.1:$port", $errno, $errstr, 0.3);
    $took = microtime(true) - $t;
    var_dump($c);
    echo $took >= 0.25 && $took < 3 ? "bounded by the timeout\n" : "took $took s\n";
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 1);
    stream_set_timeout($c, 0, 300000);
    $t = microtime(true);
    var_dump(@stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_CLIENT));
    echo microtime(true) - $t < 3 ? "STARTTLS bounded by the stream timeout\n" : "not bounded\n";
    fclose($c);

    // PHP's own argument errors.
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 1);
    try {
        stream_socket_enable_crypto($c, true);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
    fclose($c);
    fclose($silent);

    $done = true;
    echo $ticks > 50 ? "other coroutines ran\n" : "the thread was blocked ($ticks)\n";
});
tls_stop_peer($peer);
tls_remove_certs($certs);
?>
--EXPECT--
plain: GO
bool(true)
string(7) "TLSv1.3"
tls: 100001 bytes echoed
bool(false)
verify failed
bool(false)
bounded by the timeout
bool(false)
STARTTLS bounded by the stream timeout
stream_socket_enable_crypto(): Argument #3 ($crypto_method) must be specified when enabling encryption
other coroutines ran

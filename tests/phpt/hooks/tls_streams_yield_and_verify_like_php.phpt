--TEST--
SWOOLE_HOOK_SSL/TLS: ssl:// and tls:// connections in coroutines verify the peer as PHP does (cafile, peer_name, verify_peer_name, allow_self_signed), echo through TLS, and report the session in stream_get_meta_data()
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!extension_loaded('openssl') || trim((string)shell_exec('command -v openssl')) === '') die('skip needs ext/openssl and the openssl command'); ?>
--FILE--
<?php
require __DIR__ . '/tls_stream_peer.inc';
$certs = tls_make_certs();
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
$ca = tls_start_tls_peer($certs, 'server', 6);
$self = tls_start_tls_peer($certs, 'self', 2);

function attempt(string $url, array $ssl, string $label): void {
    $ctx = stream_context_create(['ssl' => $ssl]);
    $c = @stream_socket_client($url, $errno, $errstr, 5, STREAM_CLIENT_CONNECT, $ctx);
    if (!$c) {
        $e = error_get_last()['message'] ?? '';
        echo "$label: refused (", stripos($e, 'unable to connect') !== false ? 'unable to connect' : $e, ")\n";
        return;
    }
    fwrite($c, "hello $label\n");
    $line = fgets($c);
    $meta = stream_get_meta_data($c);
    echo "$label: ", trim($line), ' via ', $meta['crypto']['protocol'] ?? 'no crypto', "\n";
    fwrite($c, "bye\n");
    fclose($c);
}

Co\run(function () use ($certs, $ca, $self) {
    // Other coroutines keep running while connects and handshakes wait.
    $ticks = 0;
    $done = false;
    go(function () use (&$ticks, &$done) { while (!$done) { usleep(1000); $ticks++; } });
    $p = $ca[1];
    attempt("ssl://127.0.0.1:$p", ['cafile' => "$certs/ca.crt"], 'ca by ip');
    attempt("tls://localhost:$p", ['cafile' => "$certs/ca.crt"], 'ca by name');
    attempt("ssl://127.0.0.1:$p", ['cafile' => "$certs/ca.crt", 'peer_name' => 'wrong.example'], 'wrong peer_name');
    attempt("ssl://127.0.0.1:$p", ['cafile' => "$certs/ca.crt", 'peer_name' => 'wrong.example',
                                   'verify_peer_name' => false], 'verify_peer_name off');
    attempt("ssl://127.0.0.1:$p", [], 'system store');
    attempt("ssl://127.0.0.1:$p", ['verify_peer' => false, 'verify_peer_name' => false], 'verify_peer off');
    $s = $self[1];
    attempt("ssl://localhost:$s", ['cafile' => "$certs/ca.crt"], 'self-signed');
    attempt("ssl://localhost:$s", ['allow_self_signed' => true], 'self-signed allowed');
    $done = true;
    echo $ticks > 0 ? "other coroutines ran\n" : "the thread was blocked\n";
});
tls_stop_peer($ca);
tls_stop_peer($self);
tls_remove_certs($certs);
?>
--EXPECT--
ca by ip: HELLO CA BY IP via TLSv1.3
ca by name: HELLO CA BY NAME via TLSv1.3
wrong peer_name: refused (unable to connect)
verify_peer_name off: HELLO VERIFY_PEER_NAME OFF via TLSv1.3
system store: refused (unable to connect)
verify_peer off: HELLO VERIFY_PEER OFF via TLSv1.3
self-signed: refused (unable to connect)
self-signed allowed: HELLO SELF-SIGNED ALLOWED via TLSv1.3
other coroutines ran

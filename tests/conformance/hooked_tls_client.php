<?php
// The PHP side of test_hooked_tls_streams.py: hooked ssl:// / tls:// clients and STARTTLS in
// coroutines against real TLS servers. Usage: php hooked_tls_client.php CERTDIR PY_PORT
// STARTTLS_PORT S_SERVER_PORT. Prints one JSON object.
[, $certs, $pyPort, $startPort, $sPort] = $argv;
$out = [];
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
Co\run(function () use ($certs, $pyPort, $startPort, $sPort, &$out) {
    $ctx = fn (array $o = []) => stream_context_create(['ssl' => $o + ['cafile' => "$certs/ca.crt"]]);
    // Python ssl echo server: several connections at once, 1 MiB each way.
    $big = str_repeat(implode('', range('a', 'z')), 40330) . "\n";  // ~1 MiB line
    $results = [];
    $wg = new Swoole\Coroutine\WaitGroup();
    foreach (['ssl', 'tls', 'tlsv1.3'] as $i => $scheme) {
        $wg->add();
        go(function () use ($scheme, $pyPort, $ctx, $big, &$results, $wg) {
            $c = @stream_socket_client("$scheme://localhost:$pyPort", $e, $s, 5, STREAM_CLIENT_CONNECT, $ctx());
            if (!$c) { $results[$scheme] = error_get_last()['message'] ?? 'failed'; $wg->done(); return; }
            fwrite($c, $big);
            $got = stream_get_line($c, 2 << 20, "\n");
            $results[$scheme] = [strlen($got) === strlen($big) - 1 && $got === strtoupper(rtrim($big)),
                                 stream_get_meta_data($c)['crypto']['protocol'] ?? null];
            fclose($c);
            $wg->done();
        });
    }
    $wg->wait(20);
    $out['python_echo'] = $results;
    // Client certificate required by the Python server's second port? No: a bad peer name.
    $c = @stream_socket_client("ssl://127.0.0.1:$pyPort", $e, $s, 5, STREAM_CLIENT_CONNECT,
                               $ctx(['peer_name' => 'other.example']));
    $out['wrong_name'] = $c === false;
    // STARTTLS against Python (SMTP-like: "220", STARTTLS, "220 go", TLS).
    $c = stream_socket_client("tcp://127.0.0.1:$startPort", $e, $s, 5, STREAM_CLIENT_CONNECT, $ctx(['peer_name' => 'localhost']));
    $greeting = fgets($c);
    fwrite($c, "STARTTLS\r\n");
    $go = fgets($c);
    $ok = stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_CLIENT);
    fwrite($c, "hello\n");
    $out['starttls'] = [trim($greeting), trim($go), $ok, trim((string)fgets($c))];
    fclose($c);
    // openssl s_server -rev: reverses each line it gets.
    $c = @stream_socket_client("ssl://localhost:$sPort", $e, $s, 5, STREAM_CLIENT_CONNECT, $ctx());
    if ($c) {
        fwrite($c, "gust\n");
        $line = '';
        while (($l = fgets($c)) !== false) { if (trim($l) !== '') { $line = trim($l); break; } }
        $out['s_server'] = $line;
        fclose($c);
    } else {
        $out['s_server'] = error_get_last()['message'] ?? 'failed';
    }
});
echo json_encode($out), "\n";

<?php
// Swoole\Coroutine\Http\Server over TLS for test_co_https_server.py.
// Usage: php co_https_server.php PORT CERT KEY [CLIENT_CA]
// With CLIENT_CA, clients must present a certificate it signed (ssl_verify_peer).
// Prints "listening 127.0.0.1:PORT"; stops on SIGTERM.
Co\run(function () use ($argv) {
    $server = new Swoole\Coroutine\Http\Server('127.0.0.1', (int)$argv[1], true);
    $settings = ['ssl_cert_file' => $argv[2], 'ssl_key_file' => $argv[3], 'timeout' => 1];
    if (isset($argv[4])) {
        $settings += ['ssl_verify_peer' => true, 'ssl_client_cert_file' => $argv[4]];
    }
    $server->set($settings);
    $server->handle('/', function ($req, $resp) {
        $resp->header('Content-Type', 'text/plain');
        $body = $req->getContent();
        $resp->end($body === '' || $body === false ? "hello {$req->server['request_uri']}" : strrev($body));
    });
    Swoole\Process::signal(SIGTERM, function () use ($server) { $server->shutdown(); });
    echo "listening 127.0.0.1:{$server->port}\n";
    $server->start();
});

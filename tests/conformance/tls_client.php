<?php
// The coroutine HTTP client over TLS against Python's ssl servers (test_http_client_tls.py).
// argv: certificate directory, then the ports of: the CA-signed server, the self-signed server,
// the server that requires a client certificate, a plain-text HTTP server. Prints one JSON object.
use Swoole\Coroutine\Http\Client;

[$dir, $signed, $self, $mutual, $plain] = [$argv[1], (int)$argv[2], (int)$argv[3], (int)$argv[4], (int)$argv[5]];
$ca = "$dir/ca.crt";

function get_once(string $host, int $port, array $settings, string $path = '/hello'): array
{
    $c = new Client($host, $port, true);
    $c->set($settings + ['timeout' => 10]);
    $ok = $c->get($path);
    $r = ['ok' => $ok, 'status' => $c->statusCode, 'err' => $c->errCode, 'msg' => $c->errMsg, 'body' => $c->body];
    $c->close();
    return $r;
}

Co\run(function () use ($ca, $dir, $signed, $self, $mutual, $plain) {
    $out = [];
    $out['ca_ip'] = get_once('127.0.0.1', $signed, ['ssl_cafile' => $ca]);
    $out['ca_name'] = get_once('localhost', $signed, ['ssl_cafile' => $ca]);
    $out['default_store'] = get_once('127.0.0.1', $signed, []);
    $out['wrong_name'] = get_once('127.0.0.1', $signed, ['ssl_cafile' => $ca, 'ssl_host_name' => 'wrong.example']);
    $out['verify_off'] = get_once('127.0.0.1', $self, ['ssl_verify_peer' => false]);
    $out['self_refused'] = get_once('localhost', $self, ['ssl_cafile' => $ca]);
    $out['self_allowed'] = get_once('localhost', $self, ['ssl_allow_self_signed' => true]);
    $out['no_client_cert'] = get_once('localhost', $mutual, ['ssl_cafile' => $ca]);
    $out['client_cert'] = get_once('localhost', $mutual, ['ssl_cafile' => $ca,
        'ssl_cert_file' => "$dir/client.crt", 'ssl_key_file' => "$dir/client.key"]);
    $out['plain_server'] = get_once('127.0.0.1', $plain, ['ssl_verify_peer' => false]);
    $out['tls12_only'] = get_once('localhost', $signed, ['ssl_cafile' => $ca, 'ssl_protocols' => SWOOLE_SSL_TLSv1_2]);
    $out['bad_cafile'] = get_once('localhost', $signed, ['ssl_cafile' => "$dir/missing.crt"]);

    // One keep-alive connection carries several requests, large bodies both ways and chunked.
    $c = new Client('localhost', $signed, true);
    $c->set(['timeout' => 10, 'ssl_cafile' => $ca]);
    $c->get('/conn');
    $first = $c->body;
    $c->get('/big');
    $out['big'] = ['status' => $c->statusCode, 'len' => strlen($c->body), 'md5' => md5($c->body),
                   'chunked' => $c->headers['transfer-encoding'] ?? null];
    $payload = str_repeat("0123456789abcdef", 40000);
    $c->post('/echo', $payload);
    $out['echo'] = strlen($c->body) === strlen($payload) && $c->body === $payload;
    $c->get('/conn');
    $out['same_connection'] = $first !== '' && $c->body === $first;
    $cert = $c->getPeerCert();
    $out['peer_cert'] = is_string($cert) ? openssl_x509_parse($cert)['subject']['CN'] ?? null : $cert;
    $c->close();
    $out['peer_cert_after_close'] = $c->getPeerCert();

    // Swoole\Coroutine\Http\get() with an https URL.
    $r = Swoole\Coroutine\Http\get("https://localhost:$signed/hello", ['ssl_cafile' => $ca]);
    $out['function'] = [$r->getStatusCode(), $r->getBody()];
    try {
        Swoole\Coroutine\Http\get("https://127.0.0.1:$self/hello");
        $out['function_refused'] = 'no exception';
    } catch (Swoole\Coroutine\Http\Client\Exception $e) {
        $out['function_refused'] = [$e->getCode(), $e->getMessage()];
    }
    echo json_encode($out), "\n";
});

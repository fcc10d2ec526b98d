<?php
// Driven by test_co_client_tls.py: php co_client_tls.php CERT_DIR PORT_CA PORT_SELF PORT_CLIENT_CERT PORT_MUTE
// Prints one JSON line of results.
[, $dir, $caPort, $selfPort, $mtlsPort, $mutePort] = $argv;
$out = [];
Co\run(function () use ($dir, $caPort, $selfPort, $mtlsPort, $mutePort, &$out) {
    $echo = function (array $settings, string $host, int $port, string $payload = 'ping') {
        $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
        $c->set($settings);
        if (!$c->connect($host, $port, 5)) return [false, $c->errCode, $c->errMsg];
        $c->send($payload);
        $got = '';
        while (strlen($got) < strlen($payload) && ($r = $c->recv(5)) !== false && $r !== '') $got .= $r;
        $c->close();
        return [true, $c->errCode, $got === $payload];
    };
    $ca = ['ssl_cafile' => "$dir/ca.crt"];
    $out['ca_ip'] = $echo($ca, '127.0.0.1', (int)$caPort);
    $out['ca_name'] = $echo($ca, 'localhost', (int)$caPort);
    $big = random_bytes(3 << 20);
    $r = $echo($ca, '127.0.0.1', (int)$caPort, $big);
    $out['big'] = [$r[0], $r[2]];
    $out['wrong_name'] = $echo($ca + ['ssl_host_name' => 'example.org'], '127.0.0.1', (int)$caPort);
    $out['self_refused'] = $echo([], '127.0.0.1', (int)$selfPort);
    $out['self_allowed'] = $echo(['ssl_allow_self_signed' => true], '127.0.0.1', (int)$selfPort);
    $out['client_cert'] = $echo($ca + ['ssl_cert_file' => "$dir/client.crt", 'ssl_key_file' => "$dir/client.key"],
        '127.0.0.1', (int)$mtlsPort);
    // Coroutine\Socket with open_ssl: the handshake is part of connect()
    $s = new Co\Socket(AF_INET, SOCK_STREAM, 0);
    $s->setProtocol(['open_ssl' => true] + $ca);
    $ok = $s->connect('127.0.0.1', (int)$caPort, 5);
    $s->sendAll('socket');
    $out['socket_open_ssl'] = [$ok, $s->recvAll(6, 5) === 'socket'];
    $c = new Co\Client(SWOOLE_SOCK_TCP | SWOOLE_SSL);
    $t = microtime(true);
    $ok = $c->connect('127.0.0.1', (int)$mutePort, 0.3);
    $out['mute'] = [$ok, $c->errCode, microtime(true) - $t];
});
echo json_encode($out), "\n";

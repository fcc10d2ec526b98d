<?php
// The coroutine WebSocket client against a real server (test_http_client_websocket.py).
// argv: port, compression (0|1), and for wss:// the directory holding the test CA (ca.crt).
// Prints one JSON object with what it saw.
use Swoole\Coroutine\Http\Client;

$port = (int)$argv[1];
$compress = (bool)(int)$argv[2];
$ca = isset($argv[3]) ? $argv[3] . '/ca.crt' : null;
Co\run(function () use ($port, $compress, $ca) {
    $out = [];
    $c = new Client('127.0.0.1', $port, $ca !== null);
    // Pings and the close frame are handed to recv() only when asked for (as in Swoole).
    $c->set(['timeout' => 10, 'websocket_compression' => $compress, 'open_websocket_ping_frame' => true,
        'open_websocket_close_frame' => true] + ($ca ? ['ssl_cafile' => $ca] : []));
    $out['upgrade'] = $c->upgrade('/echo');
    $out['status'] = $c->statusCode;
    $out['extensions'] = $c->headers['sec-websocket-extensions'] ?? null;
    $frames = [];
    $roundtrip = function ($data, int $opcode = 1, int $flags = 1) use ($c, &$frames) {
        if (!$c->push($data, $opcode, $flags)) return null;
        $f = $c->recv(10);
        if (!$f) return ['error' => $c->errCode];
        return ['opcode' => $f->opcode, 'len' => strlen($f->data), 'md5' => md5($f->data)];
    };
    $big = str_repeat('The quick brown fox. ', 10000);
    $out['text'] = $roundtrip('hello');
    $out['utf8'] = $roundtrip('héllo wörld ✓');
    $out['binary'] = $roundtrip(random_bytes(1000) . "\x00", 2);
    $out['big_compressed'] = $roundtrip($big, 1, 1 | 2);  // SWOOLE_WEBSOCKET_FLAG_FIN | _COMPRESS
    $out['big_md5'] = md5($big);
    $out['second_compressed'] = $roundtrip($big, 1, 3);  // context takeover: the second one is tiny
    // A fragmented message: the server sees it whole.
    $c->push('frag', 1, 0);
    $out['fragmented'] = $roundtrip('mented', 0, 1);
    $out['fragmented_md5'] = md5('fragmented');
    // The server pings first, then echoes: recv() hands the ping over (already answered).
    $c->push('ping-me');
    $f = $c->recv(10);
    $out['ping'] = $f ? [$f->opcode, $f->data] : $c->errCode;
    $f = $c->recv(10);
    $out['after_ping'] = $f ? [$f->opcode, $f->data] : $c->errCode;
    $c->push('close-me');
    $f = $c->recv(10);
    $out['close'] = $f ? [$f->opcode, $f->code ?? null, $f->reason ?? null] : $c->errCode;
    if ($f) $c->disconnect($f->code);  // the closing handshake's answer, then the connection is closed
    $out['connected_after_close'] = $c->connected;
    echo json_encode($out), "\n";
});

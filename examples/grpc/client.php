<?php
// Calls the Greeter (server.php) with Swoole\Coroutine\Http2\Client: SayHello, Countdown
// (its replies read as they arrive) and two failing calls. One JSON line per call:
// {"rpc", "status", "message", "replies": [[message, index], ...]}.
// Usage: php client.php PORT [NAME] [COUNT]
require __DIR__ . '/grpc.php';

use Swoole\Coroutine\Http2\Client;
use Swoole\Http2\Request;

$port = (int)($argv[1] ?? 50051);
$name = $argv[2] ?? 'gust';
$count = (int)($argv[3] ?? 3);

function grpc_request(string $method, array $fields): Request
{
    $r = new Request;
    $r->method = 'POST';
    $r->path = "/gust.Greeter/$method";
    $r->headers = ['content-type' => 'application/grpc', 'te' => 'trailers'];
    $r->data = grpc_frame(pb_encode($fields));
    return $r;
}

// Sends one call and reads its response part by part, decoding replies as whole messages arrive.
function call(Client $c, string $method, array $fields): array
{
    $id = $c->send(grpc_request($method, $fields));
    if ($id === false) throw new RuntimeException("send failed: $c->errMsg");
    $buf = '';
    $replies = [];
    $status = 0;
    do {
        $part = $c->read();
        if ($part === false) throw new RuntimeException("read failed: $c->errCode $c->errMsg");
        // The first part has the status; the last one the trailers (grpc-status).
        $status = $status ?: $part->statusCode;
        $buf .= $part->data ?? '';
        foreach (grpc_unframe($buf) as $m) {
            $f = pb_decode($m);
            $replies[] = [$f[1] ?? '', $f[2] ?? 0];
        }
    } while ($part->pipeline);
    $h = $part->headers ?? [];
    return [
        'rpc' => $method,
        'http_status' => $status,
        'status' => isset($h['grpc-status']) ? (int)$h['grpc-status'] : null,
        'message' => rawurldecode($h['grpc-message'] ?? ''),
        'replies' => $replies,
    ];
}

Co\run(function () use ($port, $name, $count) {
    $c = new Client('127.0.0.1', $port);
    $c->set(['timeout' => 5]);
    if (!$c->connect()) throw new RuntimeException("connect failed: $c->errCode $c->errMsg");
    foreach ([
        ['SayHello', [1 => $name]],
        ['Countdown', [1 => $name, 2 => $count]],
        ['SayHello', [1 => 'nobody']],
        ['Missing', [1 => $name]],
    ] as [$method, $fields]) {
        echo json_encode(call($c, $method, $fields)), "\n";
    }
    $c->close();
});

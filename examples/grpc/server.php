<?php
// The gust.Greeter gRPC service (greeter.proto) on Swoole\Http\Server over h2c: unary SayHello
// and server-streaming Countdown. Usage: php server.php [PORT] [base|process]
// Prints "listening 127.0.0.1:PORT" once it serves (PORT 0: any free port); stops on SIGTERM.
require __DIR__ . '/grpc.php';

$port = (int)($argv[1] ?? 50051);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;

$server = new Swoole\Http\Server('127.0.0.1', $port, $mode);
$server->set([
    'worker_num' => 1,
    'open_http2_protocol' => true,
    // gRPC compresses messages itself (grpc-encoding); an HTTP content-coding would break clients.
    'http_compression' => false,
    'log_level' => SWOOLE_LOG_WARNING,
]);

$server->on('workerStart', function ($server, int $id) {
    if ($id === 0) {
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port}\n");
        fflush(STDOUT);
    }
});

// Ends the call with its status in the trailers, after the messages already written.
function finish(Swoole\Http\Response $resp, int $status, string $message = '', string $body = ''): void
{
    $resp->trailer('grpc-status', (string)$status);
    if ($message !== '') $resp->trailer('grpc-message', rawurlencode($message));
    $resp->end($body);
}

function say_hello(array $req): array
{
    $name = $req[1] ?? '';
    if ($name === '') return [GRPC_INVALID_ARGUMENT, 'name is empty', []];
    if ($name === 'nobody') return [GRPC_NOT_FOUND, 'nobody is not here', []];
    return [GRPC_OK, '', [pb_encode([1 => "Hello, $name", 2 => 0])]];
}

$server->on('request', function (Swoole\Http\Request $req, Swoole\Http\Response $resp) {
    $resp->header('content-type', 'application/grpc');
    $type = $req->header['content-type'] ?? '';
    if ($req->getMethod() !== 'POST' || !str_starts_with($type, 'application/grpc')) {
        $resp->status(415);
        $resp->end();
        return;
    }
    $raw = (string)$req->rawContent();
    try {
        $messages = grpc_unframe($raw);
        if (count($messages) !== 1 || $raw !== '') throw new UnexpectedValueException('expected one request message');
        $hello = pb_decode($messages[0]);
    } catch (UnexpectedValueException $e) {
        finish($resp, GRPC_INTERNAL, 'bad request message: ' . $e->getMessage());
        return;
    }
    switch ($req->server['request_uri'] ?? '') {
        case '/gust.Greeter/SayHello':
            [$status, $message, $replies] = say_hello($hello);
            finish($resp, $status, $message, $replies ? grpc_frame($replies[0]) : '');
            return;
        case '/gust.Greeter/Countdown':
            $count = $hello[2] ?? 0;
            if ($count < 0 || $count > 1000) {
                finish($resp, GRPC_INVALID_ARGUMENT, 'count must be 0 to 1000');
                return;
            }
            $name = $hello[1] ?? '';
            // Each reply is its own DATA frame, sent as it is written (server streaming).
            for ($i = 0; $i < $count; $i++) {
                if (!$resp->write(grpc_frame(pb_encode([1 => "$name " . ($count - $i), 2 => $i])))) return;
            }
            finish($resp, GRPC_OK);
            return;
        default:
            finish($resp, GRPC_UNIMPLEMENTED, 'unknown method ' . ($req->server['request_uri'] ?? ''));
    }
});

$server->start();

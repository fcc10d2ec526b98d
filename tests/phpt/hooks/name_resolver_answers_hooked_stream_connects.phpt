--TEST--
Swoole\NameResolver: hooked tcp:// and ssl:// connects (stream_socket_client, fsockopen, the http:// wrapper) ask the plugged-in resolvers first, inside coroutines; '' fails the connect as a failed lookup; with the stream hooks off PHP resolves the name itself
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!extension_loaded('openssl') || trim((string)shell_exec('command -v openssl')) === '') die('skip needs ext/openssl and the openssl command'); ?>
--FILE--
<?php
require __DIR__ . '/tls_stream_peer.inc';

class NameMap
{
    public array $asked = [];

    public function __construct(private array $map) {}

    // Any object with lookup() may be added; the answer is "ip" here, the port is the caller's.
    public function lookup(string $name)
    {
        $this->asked[] = $name;
        return $this->map[$name] ?? null;
    }
}

// Serves $n connections: reads one line, answers it as an HTTP/1.0 response and closes.
function serve($server, int $n): void
{
    go(function () use ($server, $n) {
        for ($i = 0; $i < $n; $i++) {
            $c = @stream_socket_accept($server, 5);
            if (!$c) continue;
            $body = 'hello ' . trim((string)fgets($c));
            fwrite($c, "HTTP/1.0 200 OK\r\nContent-Length: " . strlen($body) . "\r\nConnection: close\r\n\r\n$body");
            fclose($c);
        }
        fclose($server);
    });
}

$certs = tls_make_certs();
$ns = new NameMap(['web.invalid' => '127.0.0.1', 'none.invalid' => '']);
swoole_name_resolver_add($ns);
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
Co\run(function () use ($certs) {
    $server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
    $port = explode(':', stream_socket_get_name($server, false))[1];
    serve($server, 3);

    $c = stream_socket_client("tcp://web.invalid:$port", $errno, $errstr, 5);
    fwrite($c, "ping\n");
    echo explode("\r\n\r\n", stream_get_contents($c))[1], "\n";
    fclose($c);

    $c = fsockopen('web.invalid', (int)$port, $errno, $errstr, 5);
    fwrite($c, "fsockopen\n");
    echo explode("\r\n\r\n", stream_get_contents($c))[1], "\n";
    fclose($c);

    echo file_get_contents("http://web.invalid:$port/path"), "\n";

    // ssl://: the resolver gives the address; the peer is checked against the name asked for.
    $ctx = stream_context_create(['ssl' => ['local_cert' => "$certs/server.crt", 'local_pk' => "$certs/server.key"]]);
    $tls = stream_socket_server('ssl://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN, $ctx);
    $tls_port = explode(':', stream_socket_get_name($tls, false))[1];
    serve($tls, 1);
    $c = stream_socket_client("ssl://web.invalid:$tls_port", $errno, $errstr, 5, STREAM_CLIENT_CONNECT,
        stream_context_create(['ssl' => ['cafile' => "$certs/ca.crt", 'peer_name' => 'localhost']]));
    fwrite($c, "over tls\n");
    echo explode("\r\n\r\n", stream_get_contents($c))[1], "\n";
    fclose($c);

    // An address literal is not a name: the resolvers are not asked.
    $server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
    $port = explode(':', stream_socket_get_name($server, false))[1];
    serve($server, 1);
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    fwrite($c, "literal\n");
    echo explode("\r\n\r\n", stream_get_contents($c))[1], "\n";
    fclose($c);

    // '' from a resolver: the name has no address.
    $c = stream_socket_client("tcp://none.invalid:$port", $errno, $errstr, 5);
    var_dump($c, swoole_last_error() === SWOOLE_ERROR_DNSLOOKUP_RESOLVE_FAILED);
});

// Hooks off (Co\run() would hook everything otherwise): PHP's own connect and resolver, which know
// nothing of web.invalid.
Co::set(['hook_flags' => 0]);
Co\run(function () {
    $c = @stream_socket_client('tcp://web.invalid:80', $errno, $errstr, 2);
    var_dump($c);
});
echo implode(',', $ns->asked), "\n";
tls_remove_certs($certs);
?>
--EXPECTF--
hello ping
hello fsockopen
hello GET /path HTTP/1.1
hello over tls
hello literal

Warning: stream_socket_client(): php_network_getaddresses: getaddrinfo for none.invalid failed: the name resolvers gave no address in %s on line %d

Warning: stream_socket_client(): Unable to connect to tcp://none.invalid:%d (%s) in %s on line %d
bool(false)
bool(true)
bool(false)
web.invalid,web.invalid,web.invalid,web.invalid,none.invalid

--TEST--
Swoole\Coroutine\Http\Client is open: a subclass (as hyperf/engine's) calls parent::__construct() and parent:: methods and keeps the client's properties
--EXTENSIONS--
gust
--FILE--
<?php
class MyClient extends Swoole\Coroutine\Http\Client {
    public array $log = [];
    public function __construct(string $host, int $port) { parent::__construct($host, $port); $this->log[] = 'constructed'; }
    public function set(array $settings): bool { $this->log[] = 'set'; return parent::set($settings + ['timeout' => 0.5]); }
    public function execute(string $path): bool { $this->log[] = "execute $path"; return parent::execute($path); }
}
var_dump((new ReflectionClass(Swoole\Coroutine\Http\Client::class))->isFinal());
Co\run(function () {
    $srv = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int)substr(strrchr(stream_socket_get_name($srv, false), ':'), 1);
    go(function () use ($srv) {
        $conn = stream_socket_accept($srv, 2);
        $req = '';
        while (!str_contains($req, "\r\n\r\n")) $req .= fread($conn, 4096);
        fwrite($conn, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
        fclose($conn);
    });
    $c = new MyClient('127.0.0.1', $port);
    $c->set(['keep_alive' => false]);
    var_dump($c->execute('/x'), $c->statusCode, $c->body, $c->host, $c->port === $port, $c->setting['timeout']);
    var_dump($c->log);
});
?>
--EXPECT--
bool(false)
bool(true)
int(200)
string(5) "hello"
string(9) "127.0.0.1"
bool(true)
float(0.5)
array(3) {
  [0]=>
  string(11) "constructed"
  [1]=>
  string(3) "set"
  [2]=>
  string(10) "execute /x"
}

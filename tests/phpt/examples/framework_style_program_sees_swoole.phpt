--TEST--
A program written the way Octane, Hyperf, Mezzio-swoole and swoole/library expect Swoole: checks the extension and its version id, extends Channel and Http\Client, and uses every short name
--EXTENSIONS--
gust
--FILE--
<?php
// What the frameworks check before they start.
if (!extension_loaded('swoole') || SWOOLE_VERSION_ID < 50000 || !version_compare(phpversion('swoole'), '5.0', '>=')) {
    exit("Swoole 5+ is required\n");
}
echo "swoole ", intdiv(SWOOLE_VERSION_ID, 10000), ".", intdiv(SWOOLE_VERSION_ID, 100) % 100, "\n";
swoole_set_process_name('gust-framework-test');  // Mezzio-swoole names its processes

// hyperf/engine style: its Channel and HTTP client extend Swoole's.
class EngineChannel extends Swoole\Coroutine\Channel {
    protected bool $closed = false;
    public function close(): bool { $this->closed = true; return parent::close(); }
    public function isClosing(): bool { return $this->closed || $this->errCode === SWOOLE_CHANNEL_CLOSED; }
}
class EngineHttpClient extends Swoole\Coroutine\Http\Client {
    public function request(string $method, string $path): int {
        $this->setMethod($method);
        parent::execute($path);
        return $this->statusCode;
    }
}

Co\run(function () {
    $results = new EngineChannel(8);
    $short = new chan(1);
    $wg = new Co\WaitGroup();
    $wg->add(3);
    go(function () use ($results, $wg) { defer(fn() => $wg->done()); $results->push('go'); });
    Co\go(function () use ($results, $wg) { Co\defer(fn() => $wg->done()); $results->push('Co\go'); });
    Swoole\Coroutine\go(function () use ($results, $wg) { defer(fn() => $wg->done()); $results->push('Swoole\Coroutine\go'); });
    $wg->wait(1);
    $short->push(Co::getCid() > 0);
    var_dump($short->pop());

    $srv = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int)substr(strrchr(stream_socket_get_name($srv, false), ':'), 1);
    go(function () use ($srv) {
        $conn = stream_socket_accept($srv, 2);
        $req = '';
        while (!str_contains($req, "\r\n\r\n")) $req .= fread($conn, 4096);
        fwrite($conn, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
        fclose($conn);
    });
    $client = new EngineHttpClient('127.0.0.1', $port);
    $results->push('HTTP ' . $client->request('DELETE', '/item/1'));
    $results->close();
    while (($v = $results->pop()) !== false) echo $v, "\n";
    var_dump($results->isClosing());
    var_dump(Co\System::readFile(__FILE__) === file_get_contents(__FILE__));
});
?>
--EXPECT--
swoole 6.1
bool(true)
go
Co\go
Swoole\Coroutine\go
HTTP 204
bool(true)
bool(true)

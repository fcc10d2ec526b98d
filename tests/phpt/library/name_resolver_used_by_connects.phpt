--TEST--
Swoole\NameResolver: Co\Client and Co\Socket connects ask the plugged-in resolvers first; Co\Http\Client takes the node's port too; '' fails the connect; unplugged, the system resolver is back
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Server;
use Swoole\NameResolver\Cluster;

class FixedResolver extends Swoole\NameResolver
{
    public array $asked = [];

    public function __construct(private array $map)
    {
        parent::__construct('http://127.0.0.1');
    }

    public function join(string $name, string $ip, int $port, array $options = []): bool { return false; }

    public function leave(string $name, string $ip, int $port): bool { return false; }

    public function getCluster(string $name): ?Cluster
    {
        $this->asked[] = $name;
        if (!isset($this->map[$name])) return null;
        $cluster = new Cluster();
        foreach ($this->map[$name] as [$ip, $port]) $cluster->add($ip, $port);
        return $cluster;
    }
}

Co\run(function () {
    $server = new Server('127.0.0.1', 0);
    $port = $server->port;
    $server->handle('/', function ($req, $resp) { $resp->end('hello from ' . $req->header['host']); });
    go(fn () => $server->start());

    $ns = (new FixedResolver(['web.service' => [['127.0.0.1', $port]], 'nowhere.service' => []]))
        ->withFilter(fn ($name) => str_ends_with($name, '.service'));
    swoole_name_resolver_add($ns);

    // Co\Client: the resolver gives the address, the port is the caller's.
    $client = new Swoole\Coroutine\Client(SWOOLE_SOCK_TCP);
    var_dump($client->connect('web.service', $port, 1));
    $client->send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    var_dump(str_contains($client->recv(), 'hello from x'));
    $client->close();

    // Co\Socket likewise.
    $sock = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    var_dump($sock->connect('web.service', $port, 1));
    $sock->close();

    // Co\Http\Client: the node's port is used (the 1 given here is not).
    $http = new Swoole\Coroutine\Http\Client('web.service', 1);
    var_dump($http->get('/'), $http->statusCode, $http->body);

    // A service with no node: the connect fails as a failed lookup.
    $client = new Swoole\Coroutine\Client(SWOOLE_SOCK_TCP);
    var_dump($client->connect('nowhere.service', $port, 1), $client->errCode === SWOOLE_ERROR_DNSLOOKUP_RESOLVE_FAILED);

    // Names the filter passes on go to the system resolver.
    $client = new Swoole\Coroutine\Client(SWOOLE_SOCK_TCP);
    var_dump($client->connect('localhost', $port, 1));
    $client->close();
    echo implode(',', $ns->asked), "\n";

    swoole_name_resolver_remove($ns);
    $client = new Swoole\Coroutine\Client(SWOOLE_SOCK_TCP);
    var_dump(@$client->connect('web.service', $port, 1));
    $server->shutdown();
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(200)
string(24) "hello from web.service:1"
bool(false)
bool(true)
bool(true)
web.service,web.service,web.service,nowhere.service
bool(false)

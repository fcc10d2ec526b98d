--TEST--
Swoole\NameResolver: Co\Http\Client with max_retries moves to the cluster's next node when one refuses the connection or answers 502/503; without max_retries, or for a host no resolver answers, a 503 is the answer
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Http\Client;
use Swoole\Coroutine\Http\Server;
use Swoole\NameResolver\Cluster;

class MapResolver extends Swoole\NameResolver
{
    public function __construct(private array $map)
    {
        parent::__construct('http://127.0.0.1');
    }

    public function join(string $name, string $ip, int $port, array $options = []): bool { return false; }

    public function leave(string $name, string $ip, int $port): bool { return false; }

    public function getCluster(string $name): ?Cluster
    {
        if (!isset($this->map[$name])) return null;
        $cluster = new Cluster();
        foreach ($this->map[$name] as $port) $cluster->add('127.0.0.1', $port);
        return $cluster;
    }
}

Co\run(function () {
    $hits = ['ok' => 0, 'busy' => 0];
    $ok = new Server('127.0.0.1', 0);
    $ok->handle('/', function ($req, $resp) use (&$hits) { $hits['ok']++; $resp->end('payload'); });
    $busy = new Server('127.0.0.1', 0);
    $busy->handle('/', function ($req, $resp) use (&$hits) { $hits['busy']++; $resp->status(503); $resp->end(); });
    go(fn () => $ok->start());
    go(fn () => $busy->start());
    // A port nobody listens on: bound, then closed.
    $s = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    $s->bind('127.0.0.1', 0);
    $closed = $s->getsockname()['port'];
    $s->close();

    swoole_name_resolver_add(new MapResolver([
        'all.service' => [$ok->port, $busy->port, $closed],
        'busy.service' => [$busy->port],
        'pair.service' => [$ok->port, $busy->port],
    ]));

    // Three nodes, one good: three attempts always reach it, whatever order the cluster gives.
    $good = 0;
    for ($i = 0; $i < 16; $i++) {
        $c = new Client('all.service');
        $c->set(['max_retries' => 3, 'timeout' => 5]);
        if ($c->get('/') && $c->statusCode === 200 && $c->body === 'payload') $good++;
    }
    echo "all.service: $good of 16 answered 200\n";
    var_dump($hits['ok'] === 16);

    // One node only: its 503 is the answer (nothing left to try).
    $hits = ['ok' => 0, 'busy' => 0];
    $c = new Client('busy.service');
    $c->set(['max_retries' => 3]);
    var_dump($c->get('/'), $c->statusCode, $hits['busy']);

    // max_retries 1 (the default): one attempt per request, so 16 requests reach the servers 16 times.
    $hits = ['ok' => 0, 'busy' => 0];
    for ($i = 0; $i < 16; $i++) {
        $c = new Client('pair.service');
        $c->get('/');
    }
    var_dump($hits['ok'] + $hits['busy']);

    // A host no resolver answers for: a 503 is never sent again.
    $hits = ['ok' => 0, 'busy' => 0];
    $c = new Client('127.0.0.1', $busy->port);
    $c->set(['max_retries' => 3]);
    var_dump($c->get('/'), $c->statusCode, $hits['busy']);

    $ok->shutdown();
    $busy->shutdown();
});
?>
--EXPECT--
all.service: 16 of 16 answered 200
bool(true)
bool(true)
int(503)
int(1)
int(16)
bool(true)
int(503)
int(1)

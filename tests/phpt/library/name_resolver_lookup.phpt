--TEST--
Swoole\NameResolver: a resolver plugged in with swoole_name_resolver_add() or Coroutine::set() answers swoole_name_resolver_lookup(); a Cluster fails over node by node through the Context; filters, '' and remove
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\NameResolver;
use Swoole\NameResolver\Cluster;
use Swoole\NameResolver\Context;

// An in-memory registry: the smallest NameResolver subclass.
class MemoryResolver extends NameResolver
{
    public array $services = [];

    public function join(string $name, string $ip, int $port, array $options = []): bool
    {
        $this->services[$name]["$ip:$port"] = [$ip, $port];
        return true;
    }

    public function leave(string $name, string $ip, int $port): bool
    {
        unset($this->services[$name]["$ip:$port"]);
        return true;
    }

    public function getCluster(string $name): ?Cluster
    {
        if (empty($this->services[$name])) return null;
        $cluster = new Cluster();
        foreach ($this->services[$name] as [$ip, $port]) $cluster->add($ip, $port);
        return $cluster;
    }
}

$ns = new MemoryResolver('http://127.0.0.1:8500');
$nodes = ['10.0.0.1:81', '10.0.0.2:82', '10.0.0.3:83'];
foreach ($nodes as $n) {
    [$ip, $port] = explode(':', $n);
    $ns->join('svc', $ip, (int) $port);
}
$ns->join('single', '10.9.9.9', 99);
var_dump(swoole_name_resolver_add($ns));

// With ports; one context hands out every node once (random order), then looks up again.
$ctx = new Context(AF_INET, true);
$seen = [];
for ($i = 0; $i < 3; $i++) $seen[] = swoole_name_resolver_lookup('svc', $ctx);
sort($seen);
var_dump($seen === $nodes);
var_dump(in_array(swoole_name_resolver_lookup('svc', $ctx), $nodes, true));

// Without ports; a single node comes back as the node.
var_dump(swoole_name_resolver_lookup('single', new Context()));
var_dump(swoole_name_resolver_lookup('single', new Context(AF_INET, true)));

// A name with no node: '' (the lookup fails, no one else is asked).
var_dump(swoole_name_resolver_lookup('nothing', new Context()));

// A filter passes other names on (here: to the system resolver).
$ns->withFilter(fn (string $name) => str_starts_with($name, 's'));
var_dump($ns->hasFilter(), swoole_name_resolver_lookup('localhost', new Context()));
var_dump(swoole_name_resolver_lookup('single', new Context()));

var_dump(swoole_name_resolver_remove($ns), swoole_name_resolver_remove($ns));
var_dump(swoole_name_resolver_lookup('localhost', new Context()));

// Coroutine::set(['name_resolver' => [...]]) adds them too.
Swoole\Coroutine::set(['name_resolver' => [$ns]]);
var_dump(swoole_name_resolver_lookup('single', new Context(AF_INET, true)));

// Bad input.
try {
    swoole_name_resolver_lookup('x', new stdClass());
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
try {
    Swoole\Coroutine::set(['name_resolver' => 'nope']);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
try {
    new MemoryResolver('not a url');
} catch (RuntimeException $e) {
    echo $e->getMessage(), "\n";
}
try {
    (new Cluster())->add('not-an-ip', 1);
} catch (Swoole\NameResolver\Exception $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
$c = new Cluster();
var_dump($c->pop(), $c->count());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
string(8) "10.9.9.9"
string(11) "10.9.9.9:99"
string(0) ""
bool(true)
string(9) "127.0.0.1"
string(8) "10.9.9.9"
bool(true)
bool(false)
string(9) "127.0.0.1"
string(11) "10.9.9.9:99"
swoole_name_resolver_lookup(): Argument #2 ($ctx) must be of type Swoole\NameResolver\Context, stdClass given
Swoole\Coroutine::set(): option 'name_resolver' must be an array of objects
invalid url parameter 'not a url'
Swoole\NameResolver\Exception: Bad IP Address [not-an-ip]
bool(false)
int(0)

--TEST--
Swoole\NameResolver: as in Swoole, the blocking Swoole\Client, Coroutine::dnsLookup() and System::gethostbyname() resolve names with the system resolver only; swoole_name_resolver_lookup() and coroutine connects ask the resolvers
--EXTENSIONS--
gust
--FILE--
<?php
class Counting
{
    public int $asked = 0;

    public function lookup(string $name)
    {
        $this->asked++;
        return $name === 'localhost' ? '127.0.0.2' : null;
    }
}

$ns = new Counting();
swoole_name_resolver_add($ns);
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
$port = (int)explode(':', stream_socket_get_name($server, false))[1];

// The blocking client: the system resolver's 127.0.0.1 (a backlog connect, nothing accepted).
$client = new Swoole\Client(SWOOLE_SOCK_TCP);
var_dump($client->connect('localhost', $port, 2), $client->getpeername()['host'], $ns->asked);
$client->close();

Co\run(function () use ($ns, $port) {
    var_dump(Swoole\Coroutine::dnsLookup('localhost'), Swoole\Coroutine\System::gethostbyname('localhost'), $ns->asked);
    // A coroutine connect asks it (and gets 127.0.0.2, where the listener on 127.0.0.1 is not).
    $c = new Swoole\Coroutine\Client(SWOOLE_SOCK_TCP);
    @$c->connect('localhost', $port, 1);
    var_dump($ns->asked);
});
var_dump(swoole_name_resolver_lookup('localhost', new Swoole\NameResolver\Context()), $ns->asked);
fclose($server);
?>
--EXPECT--
bool(true)
string(9) "127.0.0.1"
int(0)
string(9) "127.0.0.1"
string(9) "127.0.0.1"
int(0)
int(1)
string(9) "127.0.0.2"
int(2)

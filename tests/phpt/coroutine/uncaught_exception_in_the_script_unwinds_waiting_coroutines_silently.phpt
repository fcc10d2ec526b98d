--TEST--
After an uncaught exception in the script itself (a fatal error PHP reports without a bailout), coroutines still waiting are unwound at shutdown with error reporting off: as in Swoole, nothing of theirs shows (no finally block, no code after the wait, no warning), and the Coroutine\Socket one of them waits on is released
--EXTENSIONS--
gust
--FILE--
<?php
Swoole\Runtime::enableCoroutine();
$server = stream_socket_server('tcp://127.0.0.1:0');
$port = parse_url(stream_socket_get_name($server, false), PHP_URL_PORT);
$socket = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
go(function () use ($socket, $port) {
    $socket->connect('127.0.0.1', $port);
    try {
        $socket->recv(-1, 30);  // nobody writes: waits
    } finally {
        echo "never: unwound\n";
    }
});
go(function () {
    Co::sleep(30);
    echo "never: resumed\n";
});
go(function () use ($port) {
    $fp = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 30);
    fread($fp, 10);  // hooked: nobody writes, so it waits
    echo "never: read\n";
});
class Noisy { function __destruct() { echo "global destructor runs\n"; } }
$noisy = new Noisy;
throw new RuntimeException('stop here');
?>
--EXPECTF--
Fatal error: Uncaught RuntimeException: stop here in %s:%d
Stack trace:
#0 {main}
  thrown in %s on line %d
global destructor runs

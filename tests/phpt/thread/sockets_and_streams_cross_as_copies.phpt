--TEST--
A Coroutine\Socket and a stream passed to a thread (as arguments or through a Thread\Map) arrive as new objects over copies of their descriptors: the child writes to them and the parent reads it; the parent may close its own at once; a closed stream cannot cross
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP'); ?>
--FILE--
<?php
use Swoole\Thread;
use Swoole\Thread\Map;
$args = Thread::getArguments();
if ($args === null) {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    $listener = new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0);
    var_dump($listener->bind('127.0.0.1', 0) && $listener->listen());
    $port = $listener->getsockname()['port'];
    $m = new Map();
    $m['stream'] = $b;
    $file = tempnam(sys_get_temp_dir(), 'gust_thread');
    $f = fopen($file, 'w');
    $t = new Thread(__FILE__, $m, $f, $listener);
    fclose($b);  // the child has its own copy
    fclose($f);
    $listener->close();
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    stream_set_timeout($c, 10);
    echo "over the socket: ", fgets($c);
    $t->join();
    echo "parent read: ", fgets($a);
    echo "file: ", file_get_contents($file);
    unlink($file);
    $closed = fopen('php://memory', 'r');
    fclose($closed);
    try { $m['closed'] = $closed; } catch (Throwable $e) { echo get_class($e), "\n"; }
} else {
    [$m, $f, $listener] = $args;
    Co\run(function () use ($listener) {
        $conn = $listener->accept(10);
        $conn->send(get_class($listener) . " accepted in the child\n");
        $conn->close();
    });
    $s = $m['stream'];
    fwrite($s, "from the child, over a " . get_resource_type($s) . "\n");
    fwrite($f, "written by the child\n");
}
?>
--EXPECT--
bool(true)
over the socket: Swoole\Coroutine\Socket accepted in the child
parent read: from the child, over a stream
file: written by the child
Swoole\Exception

--TEST--
Coroutine\Socket: swoole_coroutine_socketpair(), writeVector/writeVectorAll/readVector/readVectorAll, their argument checks
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    [$a, $b] = swoole_coroutine_socketpair(AF_UNIX, SOCK_STREAM, 0);
    var_dump($a instanceof Co\Socket, $b->domain === AF_UNIX, $a->fd !== $b->fd);
    var_dump($a->writeVector(['hello', 'world']));
    var_dump($b->readVector([5, 5]));
    var_dump($a->writeVectorAll(['ab', 'cd']), $b->readVector([1, 10, 10]));
    $big = [str_repeat('x', 200000), str_repeat('y', 200000)];
    go(function () use ($a, $big) {
        var_dump($a->writeVectorAll($big));
        $a->close();
    });
    $got = $b->readVectorAll([200000, 200000]);
    var_dump($got === $big);
    var_dump($b->readVectorAll([10]));  // peer closed: []
    try {
        $b->writeVectorAll([1]);
    } catch (Swoole\Coroutine\Socket\Exception $e) {
        echo $e->getMessage(), "\n";
    }
    try {
        $b->readVectorAll([1, '!']);
    } catch (Swoole\Coroutine\Socket\Exception $e) {
        echo $e->getMessage(), "\n";
    }
    var_dump($b->readVector(array_fill(0, SWOOLE_IOV_MAX + 1, 1)), $b->errCode === SOCKET_EINVAL, $b->errMsg);
    var_dump(@swoole_coroutine_socketpair(12345, SOCK_STREAM, 0));
});
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
int(10)
array(2) {
  [0]=>
  string(5) "hello"
  [1]=>
  string(5) "world"
}
int(4)
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(3) "bcd"
}
int(400000)
bool(true)
array(0) {
}
Item #[0] must be of type string, int given
Item #[1] must be of type int, string given
bool(false)
bool(true)
string(%d) "The maximum of iov count is %d"
bool(false)

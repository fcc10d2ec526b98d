--TEST--
swoole_select() (swoole_client_select()) waits on Processes, streams and sockets and keeps only the ready ones
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(function_exists('swoole_select'));
$proc = new Swoole\Process(function (Swoole\Process $p) {
    $p->read();  // waits for the parent's go
    $p->write("hello master\n");
}, false);
$proc->start();
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);

$r = [$proc, 'quiet' => $a];
$w = $e = [];
var_dump(swoole_select($r, $w, $e, 0.05));  // nothing ready yet: a timeout
var_dump($r);

$proc->write("go");
fwrite($b, "x");
$r = [$proc];
var_dump(swoole_select($r, $w, $e, 5));  // waits for the child's answer
$r = ['proc' => $proc, 'stream' => $a, 'not a socket' => 'abc'];
$w = [$b];
$n = swoole_select($r, $w, $e, 5);
var_dump($n, array_keys($r), count($w));
echo $proc->read();
Swoole\Process::wait();
?>
--EXPECT--
bool(true)
int(0)
array(0) {
}
int(1)
int(3)
array(2) {
  [0]=>
  string(4) "proc"
  [1]=>
  string(6) "stream"
}
int(1)
hello master

--TEST--
Swoole\Process runs a callable in a child; write()/read() over its pipe (datagram and stream); wait() reports the exit code; kill() signals it; read() parks a coroutine instead of blocking
--EXTENSIONS--
gust
--FILE--
<?php
$p = new Swoole\Process(function (Swoole\Process $self) {
    $got = $self->read();
    $self->write("child got: $got");
    $self->exit(7);
});
$pid = $p->start();
var_dump($pid > 0, $p->pid === $pid);
var_dump($p->write("hello"));
echo $p->read(), "\n";
$status = Swoole\Process::wait();
var_dump($status['pid'] === $pid, $status['code'], $status['signal']);

$stream = new Swoole\Process(function (Swoole\Process $self) { sleep(100); }, false, 1);
$pid2 = $stream->start();
var_dump(Swoole\Process::kill($pid2, 0), Swoole\Process::kill($pid2, SIGKILL));
$status = Swoole\Process::wait();
var_dump($status['pid'] === $pid2, $status['signal'] === SIGKILL);

// Inside coroutines the read parks: the other coroutine runs meanwhile.
$slow = new Swoole\Process(function (Swoole\Process $self) { usleep(100000); $self->write("late"); });
$slow->start();
Co\run(function () use ($slow) {
    go(function () { echo "other coroutine ran\n"; });
    echo "read: ", $slow->read(), "\n";
});
Swoole\Process::wait();
var_dump(Swoole\Process::wait(false));
?>
--EXPECT--
bool(true)
bool(true)
int(5)
child got: hello
bool(true)
int(7)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
other coroutine ran
read: late
bool(false)

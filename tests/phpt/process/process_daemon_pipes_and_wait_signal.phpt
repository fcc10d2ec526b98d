--TEST--
Swoole\Process::daemon() with $pipes sends the daemon's stdout/stderr where asked; swoole_async_set(['wait_signal' => true]) lets a Process::signal() handler keep the loop alive until the signal comes
--EXTENSIONS--
gust
posix
--FILE--
<?php
use Swoole\Process;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$p = new Process(function () use ($a, $b) {
    fclose($b);
    Process::daemon(true, true, [null, $a, $a]);
    fwrite(STDOUT, "daemon stdout\n");
    fwrite(STDERR, "daemon stderr\n");
}, false, 0);
$p->start();
Process::wait(true);
fclose($a);
stream_set_timeout($b, 10);
echo fgets($b), fgets($b);

$c = new Process(function (Process $self) {
    swoole_async_set(['wait_signal' => true]);
    Process::signal(SIGUSR1, function () use ($self) {
        Process::signal(SIGUSR1, null);
        $self->write("handled");
    });
    $self->write("ready");
    Swoole\Event::wait();  // held by the handler alone
}, false, 1);
$pid = $c->start();
echo $c->read(), "\n";
Process::kill($pid, SIGUSR1);
echo $c->read(), "\n";
$st = Process::wait(true);
var_dump($st['pid'] === $pid, $st['code'], $st['signal']);
?>
--EXPECT--
daemon stdout
daemon stderr
ready
handled
bool(true)
int(0)
int(0)

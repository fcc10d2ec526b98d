--TEST--
Swoole\Atomic: three forked children wait(); the parent's wakeup(3) wakes every one of them (each reports through a second Atomic); a child killed while it waits blocks nobody
--EXTENSIONS--
gust
posix
--FILE--
<?php
$gate = new Swoole\Atomic(0);
$ready = new Swoole\Atomic(0);
$woken = new Swoole\Atomic\Long(0);
$pids = [];
for ($i = 0; $i < 3; $i++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $ready->add(1);
        if ($gate->wait(10)) $woken->add(1);
        exit(0);
    }
    $pids[] = $pid;
}
// A child counted as ready may not sleep yet: one that arrives late takes a pending wakeup
// instead, so wake until every child has answered (bounded).
$deadline = microtime(true) + 10;
while ($ready->get() < 3 && microtime(true) < $deadline) usleep(1000);
while ($woken->get() < 3 && microtime(true) < $deadline) {
    $gate->wakeup(3);
    usleep(2000);
}
foreach ($pids as $pid) pcntl_waitpid($pid, $status);
echo "woken: ", $woken->get(), "\n";

// kill -9 while waiting
$gate->set(0);
$ready->set(0);
$pid = pcntl_fork();
if ($pid === 0) {
    $ready->add(1);
    $gate->wait(-1);
    exit(0);
}
while ($ready->get() < 1 && microtime(true) < $deadline) usleep(1000);
posix_kill($pid, SIGKILL);
pcntl_waitpid($pid, $status);
var_dump(pcntl_wifsignaled($status));
var_dump($gate->wakeup(), $gate->wait(1), $gate->get());
?>
--EXPECT--
woken: 3
bool(true)
bool(true)
bool(true)
int(0)

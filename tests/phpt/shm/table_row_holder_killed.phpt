--TEST--
Swoole\Table: processes hammering one row while one of them is killed with SIGKILL (possibly inside a row lock) never deadlock the others, and the table stays usable; 4 processes x 1,000,000 incr() on one row end at exactly 4,000,000
--EXTENSIONS--
gust
posix
--FILE--
<?php
$t = new Swoole\Table(1024);
$t->column('n', Swoole\Table::TYPE_INT);
$t->column('s', Swoole\Table::TYPE_STRING, 4096);
$t->create();
$started = new Swoole\Atomic(0);
// A victim that loops on set/get of one row until killed: with thousands of locks a second,
// the kill lands inside one more often than not.
$victim = pcntl_fork();
if ($victim === 0) {
    $big = str_repeat('x', 4000);
    $started->wakeup();
    while (true) { $t->set('hot', ['s' => $big]); $t->get('hot'); }
}
$started->wait(10);
usleep(20000);
posix_kill($victim, SIGKILL);
$t0 = microtime(true);
var_dump($t->set('hot', ['n' => 0]), $t->get('hot', 'n'), microtime(true) - $t0 < 2);
pcntl_waitpid($victim, $status);

$pids = [];
for ($p = 0; $p < 4; $p++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        for ($i = 0; $i < 1000000; $i++) $t->incr('hot', 'n');
        exit(0);
    }
    $pids[] = $pid;
}
foreach ($pids as $pid) pcntl_waitpid($pid, $status);
var_dump($t->get('hot', 'n'));
?>
--EXPECT--
bool(true)
int(0)
bool(true)
int(4000000)

--TEST--
Swoole\Atomic and Atomic\Long: 4 forked processes x 1,000,000 add(1) end at exactly 4,000,000 on each
--EXTENSIONS--
gust
--FILE--
<?php
$a = new Swoole\Atomic();
$l = new Swoole\Atomic\Long();
$pids = [];
for ($p = 0; $p < 4; $p++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        for ($i = 0; $i < 1000000; $i++) {
            $a->add(1);
            $l->add(1);
        }
        exit(0);
    }
    $pids[] = $pid;
}
foreach ($pids as $pid) pcntl_waitpid($pid, $status);
var_dump($a->get(), $l->get());
?>
--EXPECT--
int(4000000)
int(4000000)

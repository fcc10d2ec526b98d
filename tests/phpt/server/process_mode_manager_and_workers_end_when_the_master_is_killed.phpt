--TEST--
PROCESS mode: when the master is killed outright (SIGKILL), its manager and workers end too (PR_SET_PDEATHSIG) instead of serving nobody forever
--EXTENSIONS--
gust
posix
--FILE--
<?php
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
// The server runs in a child PHP; its workers report "master manager worker" pids on stdout, each
// line in one write (echo with commas writes piece by piece, and two workers' pieces interleave).
function run_and_kill_master(string $gust, int $mode): void {
    $code = sprintf('$s = new Swoole\Server("127.0.0.1", 0, %d);
        $s->set(["worker_num" => 2, "log_level" => SWOOLE_LOG_NONE]);
        $s->on("workerStart", function ($s, $id) { echo "{$s->master_pid} {$s->manager_pid} " . getmypid() . "\n"; });
        $s->on("receive", function () {});
        $s->start();', $mode);
    $proc = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", '-r', $code], [1 => ['pipe', 'w']], $pipes);
    $pids = [];
    while (count($pids) < 2 && ($line = fgets($pipes[1])) !== false) $pids[] = array_map('intval', explode(' ', trim($line)));
    [$master, $manager] = $pids[0];
    $workers = array_column($pids, 2);
    $others = array_values(array_unique(array_filter(array_merge([$manager], $workers), fn($p) => $p > 0 && $p !== $master)));
    posix_kill($master, SIGKILL);
    // Bounded: at most 10 s for everything to be gone (their SIGTERM stop takes milliseconds).
    $deadline = microtime(true) + 10;
    do {
        $alive = array_filter($others, fn($p) => posix_kill($p, 0) && !str_contains((string) @file_get_contents("/proc/$p/stat"), ') Z '));
        if (!$alive) break;
        usleep(20000);
    } while (microtime(true) < $deadline);
    echo count($others), " processes besides the master; still running after it was killed: ", count($alive), "\n";
    foreach ($alive as $p) posix_kill($p, SIGKILL);
    fclose($pipes[1]);
    proc_close($proc);
}
run_and_kill_master($gust, SWOOLE_PROCESS);
?>
--EXPECT--
3 processes besides the master; still running after it was killed: 0

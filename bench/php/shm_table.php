<?php
// Swoole\Table against APCu (apcu_store/apcu_fetch/apcu_inc on the same keys and rows) in one run,
// Table with 1 and 2 processes, Atomic::add, 4 x 1,000,000 add/incr, and a 1,000,000-row table's
// memory. Prints key=value pairs for bench/run.py (`shm`).
//   php -d extension=gust.so -d extension=apcu.so -d apc.enable_cli=1 -d apc.shm_size=256M shm_table.php [OPS]
$ops = (int)($argv[1] ?? 1000000);
$keys = 10000;
$str = str_repeat('v', 32);

// Rates per second of CPU time (this process's, or its children's): on a shared machine the wall
// clock measures the neighbours too. Wall-clock rates are printed beside them (*_wall).
function cpu(bool $children = false): float {
    $r = getrusage($children ? 1 : 0);
    return $r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec'] + ($r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec']) / 1e6;
}
$clock = [0.0, 0.0];
function start(): void { global $clock; $clock = [microtime(true), cpu()]; }
function stop(string $name, int $n): void {
    global $clock, $out;
    $out[$name] = $n / max(1e-9, cpu() - $clock[1]);
    $out[$name . '_wall'] = $n / (microtime(true) - $clock[0]);
}

$t = new Swoole\Table($keys * 2);
$t->column('n', Swoole\Table::TYPE_INT);
$t->column('s', Swoole\Table::TYPE_STRING, 64);
$t->create();
$names = [];
for ($i = 0; $i < $keys; $i++) $names[] = "key:$i";

// Table
start();
for ($i = 0; $i < $ops; $i++) $t->set($names[$i % $keys], ['n' => $i, 's' => $str]);
stop('table_set', $ops);
start();
for ($i = 0; $i < $ops; $i++) $t->get($names[$i % $keys]);
stop('table_get', $ops);
start();
for ($i = 0; $i < $ops; $i++) $t->incr($names[$i % $keys], 'n');
stop('table_incr', $ops);

// The floor: a Table method that does no table work (count()), and an APCu call that finds
// nothing to do (apcu_enabled()) — what a call alone costs in this loop.
start();
for ($i = 0; $i < $ops; $i++) $t->count();
stop('table_call_floor', $ops);

// APCu, the same keys and rows
if (function_exists('apcu_store') && apcu_enabled()) {
    start();
    for ($i = 0; $i < $ops; $i++) apcu_store($names[$i % $keys], ['n' => $i, 's' => $str]);
    stop('apcu_set', $ops);
    start();
    for ($i = 0; $i < $ops; $i++) apcu_fetch($names[$i % $keys]);
    stop('apcu_get', $ops);
    for ($i = 0; $i < $keys; $i++) apcu_store("cnt:$i", 0);
    $cnt = [];
    for ($i = 0; $i < $keys; $i++) $cnt[] = "cnt:$i";
    start();
    for ($i = 0; $i < $ops; $i++) apcu_inc($cnt[$i % $keys]);
    stop('apcu_incr', $ops);
    start();
    for ($i = 0; $i < $ops; $i++) apcu_enabled();
    stop('apcu_call_floor', $ops);
}

// Two processes on one table: each runs the whole get+set mix; aggregate against one process.
$mix = function () use ($t, $names, $keys, $ops, $str) {
    for ($i = 0; $i < $ops; $i++) {
        $k = $names[$i % $keys];
        if ($i & 1) $t->get($k); else $t->set($k, ['n' => $i, 's' => $str]);
    }
};
start();
$mix();
stop('table_mix_1proc', $ops);
// Two processes: their CPU time is the children's; wall time is the one that shows scaling.
$c0 = cpu(true);
$w0 = microtime(true);
$pids = [];
for ($p = 0; $p < 2; $p++) {
    $pid = pcntl_fork();
    if ($pid === 0) { $mix(); exit(0); }
    $pids[] = $pid;
}
foreach ($pids as $pid) pcntl_waitpid($pid, $st);
$out['table_mix_2proc'] = 2 * $ops / max(1e-9, cpu(true) - $c0);
$out['table_mix_2proc_wall'] = 2 * $ops / (microtime(true) - $w0);

// Atomic::add in one process (10 calls per loop turn, to count the call rather than the loop).
$a = new Swoole\Atomic();
$n = 5000000;
start();
for ($i = 0; $i < $n; $i += 10) {
    $a->add(1); $a->add(1); $a->add(1); $a->add(1); $a->add(1);
    $a->add(1); $a->add(1); $a->add(1); $a->add(1); $a->add(1);
}
stop('atomic_add', $n);
start();
for ($i = 0; $i < $n; $i++) $a->add(1);
stop('atomic_add_loop', $n);

// 4 processes x 1,000,000 add(1) on one Atomic and incr() on one Table row.
$a->set(0);
$t->set('hot', ['n' => 0]);
$pids = [];
$s = microtime(true);
for ($p = 0; $p < 4; $p++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        for ($i = 0; $i < 1000000; $i++) { $a->add(1); $t->incr('hot', 'n'); }
        exit(0);
    }
    $pids[] = $pid;
}
foreach ($pids as $pid) pcntl_waitpid($pid, $st);
$out['four_procs_seconds'] = microtime(true) - $s;
$out['four_procs_atomic'] = $a->get();
$out['four_procs_table'] = $t->get('hot', 'n');

// Memory of a 1,000,000-row table, one int and one 64-byte string column.
$big = new Swoole\Table(1000000);
$big->column('n', Swoole\Table::TYPE_INT);
$big->column('s', Swoole\Table::TYPE_STRING, 64);
$big->create();
$out['mem_1m_bytes'] = $big->getMemorySize();
$out['mem_1m_raw_values'] = 1000000 * (8 + 64);
$out['mem_1m_raw_with_keys'] = 1000000 * (8 + 64 + 64);

foreach ($out as $k => $v) echo $k, '=', is_float($v) ? sprintf('%.1f', $v) : $v, "\n";

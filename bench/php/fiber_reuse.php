<?php
// PHP Fibers measured like coro_reuse.php: batches of 1000 suspended fibers, 100 rounds.
$batch = 1000;
$rounds = (int)($argv[1] ?? 100);
$t = 0;
for ($r = 0; $r < $rounds; $r++) {
    $fibers = [];
    $start = hrtime(true);
    for ($i = 0; $i < $batch; $i++) { $f = new Fiber(function () { Fiber::suspend(); }); $f->start(); $fibers[] = $f; }
    if ($r > 0) $t += hrtime(true) - $start;
    foreach ($fibers as $f) { $f->resume(); }
}
printf("create_park_reused_ns=%.0f\n", $t / ($batch * ($rounds - 1)));

<?php
// Steady-state create + park + wake + finish: batches of 1000 parked coroutines, 100 rounds, so
// stacks and memory are reused as in a long-running server (seed004 measures first touch only).
use Swoole\Coroutine;
use Swoole\Coroutine\Channel;
$batch = 1000;
$rounds = (int)($argv[1] ?? 100);
Coroutine::set(['max_coroutine' => $batch + 100]);
Coroutine\run(function () use ($batch, $rounds) {
    $ch = new Channel(1);
    $t = 0;
    for ($r = 0; $r < $rounds; $r++) {
        $start = hrtime(true);
        for ($i = 0; $i < $batch; $i++) { go(function () use ($ch) { $ch->pop(); }); }
        if ($r > 0) $t += hrtime(true) - $start;  // round 0 warms the stacks
        for ($i = 0; $i < $batch; $i++) { $ch->push(1); }
        while (Coroutine::stats()['coroutine_num'] > 1) { Coroutine::sleep(0); }  // the last poppers finish
    }
    printf("create_park_reused_ns=%.0f\n", $t / ($batch * ($rounds - 1)));
});

<?php
// The PHP side of seed004's switch loop without any switch: the same loop calling a static
// internal method that returns at once. Half of it is the floor the "switch" figure includes.
$m = 3000000;
$t = hrtime(true);
for ($i = 0; $i < $m; $i++) { Swoole\Coroutine::getCid(); }
printf("static_call_ns=%.1f\n", (hrtime(true) - $t) / $m);

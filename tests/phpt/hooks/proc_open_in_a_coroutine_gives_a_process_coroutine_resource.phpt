--TEST--
SWOOLE_HOOK_PROC: proc_open() in a coroutine returns a resource of type "process/coroutine" (as Swoole names it) that proc_get_status(), proc_terminate() and proc_close() take, inside coroutines and after the hooks are off; one left open is still ended at shutdown; outside coroutines the type stays "process"
--EXTENSIONS--
gust
--FILE--
<?php
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_PROC);
$php = PHP_BINARY;
$spec = [0 => ['pipe', 'r'], 1 => ['pipe', 'w']];
$kept = null;
Co\run(function () use ($php, $spec, &$kept) {
    $proc = proc_open([$php, '-n', '-r', 'echo fgets(STDIN);'], $spec, $pipes);
    var_dump(get_resource_type($proc));
    var_dump(proc_get_status($proc)['running']);
    fwrite($pipes[0], "hello\n");
    fclose($pipes[0]);
    echo stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    var_dump(proc_close($proc));

    $sleeper = proc_open([$php, '-n', '-r', 'fgets(STDIN);'], $spec, $pipes2);
    var_dump(proc_terminate($sleeper));
    fclose($pipes2[0]);
    fclose($pipes2[1]);
    var_dump(proc_close($sleeper) !== 0 || true);

    $kept = proc_open([$php, '-n', '-r', 'exit(3);'], $spec, $pipes3);
    fclose($pipes3[0]);
    fclose($pipes3[1]);
});
Swoole\Runtime::enableCoroutine(0);
var_dump(get_resource_type($kept));
for ($i = 0; $i < 5000 && ($status = proc_get_status($kept))['running']; $i++) usleep(1000);  // its exit
var_dump($status['exitcode']);
$plain = proc_open([$php, '-n', '-r', 'exit(0);'], $spec, $pipes4);
var_dump(get_resource_type($plain));
fclose($pipes4[0]);
fclose($pipes4[1]);
var_dump(proc_close($plain));
$left = null;
Co\run(function () use ($php, $spec, &$left) {
    Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_PROC);
    $left = proc_open([$php, '-n', '-r', 'exit(0);'], $spec, $pipes5);
});
echo "end\n";
?>
--EXPECT--
string(17) "process/coroutine"
bool(true)
hello
int(0)
bool(true)
bool(true)
string(17) "process/coroutine"
int(3)
string(7) "process"
int(0)
end

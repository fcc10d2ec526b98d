--TEST--
SWOOLE_HOOK_PROC / BLOCKING_FUNCTION: proc_open pipes, proc_close, exec() and shell_exec() park the coroutine instead of blocking
--EXTENSIONS--
gust
--FILE--
<?php
$order = [];
Co\run(function () use (&$order) {
    $p = proc_open(["cat"], [0 => ["pipe", "r"], 1 => ["pipe", "w"]], $pipes);
    $done = new Swoole\Coroutine\Channel(1);
    go(function () use ($pipes, &$order, $done) {
        $order[] = "reader waits";
        $done->push(strlen(fgets($pipes[1])));
    });
    $order[] = "writer writes more than a pipe holds";
    fwrite($pipes[0], str_repeat("x", 200000) . "\n");
    $order[] = "writer done";
    fclose($pipes[0]);
    var_dump($done->pop(), proc_close($p));
    var_dump(proc_close(proc_open("exit 3", [], $pipes)));
    $p = proc_open("exec sleep 10", [], $pipes);
    var_dump(proc_terminate($p), proc_close($p));
    var_dump(exec("printf 'a \\nb\\n\\nc  '; exit 2", $out, $code), $out, $code);
    var_dump(shell_exec("echo hi"), shell_exec("true"));
});
echo implode("\n", $order), "\n";
// Outside coroutines: PHP's own functions, same results.
var_dump(exec("printf 'a \\nb\\n\\nc  '; exit 2", $out2, $code2) === "c", $out2 === ["a", "b", "", "c"], $code2);
?>
--EXPECT--
int(200001)
int(0)
int(3)
bool(true)
int(15)
string(1) "c"
array(4) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
  [2]=>
  string(0) ""
  [3]=>
  string(1) "c"
}
int(2)
string(3) "hi
"
NULL
reader waits
writer writes more than a pipe holds
writer done
bool(true)
bool(true)
int(2)

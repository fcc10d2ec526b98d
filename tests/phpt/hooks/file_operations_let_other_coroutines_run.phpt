--TEST--
SWOOLE_HOOK_FILE: a coroutine blocked opening and reading a FIFO does not stop others' file I/O; flock waits without blocking; include works
--EXTENSIONS--
gust
posix
--FILE--
<?php
$base = sys_get_temp_dir() . "/gust_file_yield_" . getmypid();
posix_mkfifo("$base.fifo", 0600);
file_put_contents("$base.inc.php", '<?php $order[] = "included"; return 42;');
$order = [];
Co\run(function () use ($base, &$order) {
    go(function () use ($base, &$order) {
        $r = fopen("$base.fifo", "r");  // blocks (on a worker) until a writer opens the FIFO
        $order["reader"][] = "reader opened";
        $order["reader"][] = "reader got " . fread($r, 100);
        fclose($r);
    });
    go(function () use ($base, &$order) {
        file_put_contents("$base.txt", "abc");
        file_put_contents("$base.txt", "def", FILE_APPEND);
        $order["writer"][] = "writer read back " . file_get_contents("$base.txt");
        unlink("$base.txt");
        $w = fopen("$base.fifo", "w");
        fwrite($w, "ping");
        fclose($w);
        $order["writer"][] = "writer done";
    });
    var_dump(include "$base.inc.php");
});
// Reader and writer finish in either order (their wake-ups come from different threads).
echo $order[0], "\n", implode("\n", $order["writer"]), "\n", implode("\n", $order["reader"]), "\n";
$order = [];
Co\run(function () use ($base, &$order) {
    $a = fopen("$base.lock", "c");
    $b = fopen("$base.lock", "c");
    var_dump(flock($a, LOCK_EX));
    go(function () use ($b, &$order) {
        $order[] = "second waits for the lock";
        var_dump(flock($b, LOCK_EX | LOCK_NB, $would), $would);
        flock($b, LOCK_EX);  // parks until the first one unlocks
        $order[] = "second locked";
        flock($b, LOCK_UN);
    });
    $order[] = "first unlocks";
    flock($a, LOCK_UN);
});
echo implode("\n", $order), "\n";
unlink("$base.fifo");
unlink("$base.lock");
unlink("$base.inc.php");
?>
--EXPECT--
int(42)
included
writer read back abcdef
writer done
reader opened
reader got ping
bool(true)
bool(false)
int(1)
second waits for the lock
first unlocks
second locked

--TEST--
hot_reload: a changed .php file (also in a directory made after start) reloads the workers within 1 s; the start is logged loudly
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$dir = sys_get_temp_dir() . '/gust_hot_' . getmypid();
@mkdir($dir);
$log = "$dir.log";
@unlink($log);
$starts = new Swoole\Atomic(0);
$changed_at = new Swoole\Atomic\Long(0);
$result = new Swoole\Atomic(0);

$server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'log_file' => $log, 'log_level' => 5,
              'hot_reload' => ['paths' => [$dir], 'extensions' => ['php'], 'debounce_ms' => 50]]);
$server->on('request', function ($req, $resp) { $resp->end('x'); });
$server->on('workerStart', function ($s) use ($dir, $starts, $changed_at, $result) {
    $n = $starts->add(1);
    // A watchdog, so a reload that never comes ends the test instead of hanging it.
    Swoole\Timer::after(10000, fn() => $s->shutdown());
    $now_ms = (int)(microtime(true) * 1000);
    if ($n === 1) {
        mkdir("$dir/sub");                     // made after the watch started: watched from now on
        file_put_contents("$dir/ignored.txt", 'x');  // not a watched extension
        file_put_contents("$dir/a.php", '<?php');
    } elseif ($n === 2) {
        $changed_at->set($now_ms);
        file_put_contents("$dir/sub/b.php", '<?php');
    } else {
        $result->set($now_ms - $changed_at->get() < 1000 ? 1 : 2);
        $s->shutdown();
    }
});
// A stopping worker's timers keep it until max_wait_time: onWorkerExit is where they go (as in Swoole).
$server->on('workerExit', function () { Swoole\Timer::clearAll(); });
$server->start();
echo "worker starts: ", $starts->get(), "\n";
echo "reloaded within 1 s: ", var_export($result->get() === 1, true), "\n";
$text = file_get_contents($log);
echo "loud start line: ", var_export(str_contains($text, 'hot reload is ON: development only'), true), "\n";
echo "reload logged: ", var_export(str_contains($text, "reloading the workers") && str_contains($text, "sub/b.php"), true), "\n";
echo "txt ignored: ", var_export(!str_contains($text, 'ignored.txt'), true), "\n";
@unlink("$dir/sub/b.php"); @rmdir("$dir/sub"); @unlink("$dir/a.php"); @unlink("$dir/ignored.txt"); @rmdir($dir); @unlink($log);
?>
--EXPECT--
worker starts: 3
reloaded within 1 s: true
loud start line: true
reload logged: true
txt ignored: true

--TEST--
A worker that dies in workerStart every time is respawned with a growing backoff (no fork storm) while the manager stays up; workerError reports each death
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_NONE]);
    $server->on('managerStart', function ($s) use ($report) { fwrite($report, "manager\n"); });
    $server->on('workerStart', function ($s, $id) use ($report) {
        fwrite($report, "start $id\n");
        // Always fails: an uncaught Swoole\ExitException, a fatal error (not shown: it would go to
        // the test's output) and exit status 255, as in Swoole.
        if ($id === 1) {
            ini_set('display_errors', '0');
            ini_set('log_errors', '0');
            exit(3);
        }
    });
    $server->on('workerError', function ($s, $id, $wpid, $code, $sig) use ($report) {
        fwrite($report, "error $id code=$code signal=$sig\n");
    });
    $server->on('receive', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$t0 = microtime(true);
$starts = [0 => 0, 1 => 0];
$errors = [];
// Watch for 1.6 s: with a backoff of 0.1, 0.2, 0.4, 0.8 s worker 1 starts about 4-5 times.
while (microtime(true) - $t0 < 1.6) {
    $r = [$events]; $w = $x = null;
    if (!stream_select($r, $w, $x, 0, 100000)) continue;
    $line = trim(fgets($events));
    if (str_starts_with($line, 'start')) $starts[(int)substr($line, 6)]++;
    if (str_starts_with($line, 'error')) $errors[] = $line;
}
echo "worker 0 started once: ", var_export($starts[0] === 1, true), "\n";
printf("worker 1 starts between 3 and 8: %s\n", var_export($starts[1] >= 3 && $starts[1] <= 8, true));
echo "errors reported: ", $errors[0], ", all for worker 1: ", var_export(count(array_filter($errors, fn($e) => str_starts_with($e, 'error 1 code=255'))) === count($errors), true), "\n";
echo "manager alive: ", var_export(posix_kill($pid, 0), true), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "manager exit status: ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
worker 0 started once: true
worker 1 starts between 3 and 8: true
errors reported: error 1 code=255 signal=0, all for worker 1: true
manager alive: true
manager exit status: 0

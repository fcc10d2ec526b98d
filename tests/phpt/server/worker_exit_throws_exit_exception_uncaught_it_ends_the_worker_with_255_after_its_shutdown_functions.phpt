--TEST--
exit() in a server worker throws Swoole\ExitException with SWOOLE_EXIT_IN_COROUTINE | SWOOLE_EXIT_IN_SERVER, as in Swoole; uncaught it is a fatal error: the worker still runs its shutdown functions and flushes its output buffers (destructors do not run after a fatal error) and the manager sees exit code 255 (onWorkerError), although a forked worker skips PHP's module shutdown as Swoole's do
--EXTENSIONS--
gust
posix
--FILE--
<?php
class Noisy {
    public function __construct(public $report) {}
    public function __destruct() { fwrite($this->report, "destructor ran\n"); }
}
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_ERROR]);
    $starts = new Swoole\Atomic(0);
    $server->on('workerStart', function ($s, $id) use ($report, $starts) {
        if ($id !== 0) return;
        if ($starts->add() > 1) {
            fwrite($report, "worker 0 started again\n");
            return;
        }
        register_shutdown_function(function () use ($report) { fwrite($report, "shutdown function ran\n"); });
        $GLOBALS['noisy'] = new Noisy($report);
        try {
            exit(5);
        } catch (Swoole\ExitException $e) {
            $flags = $e->getFlags() === (SWOOLE_EXIT_IN_COROUTINE | SWOOLE_EXIT_IN_SERVER) ? 'coroutine and server' : $e->getFlags();
            fwrite($report, "caught exit: status {$e->getStatus()}, flags: $flags\n");
        }
        ini_set('display_errors', '0');  // the fatal error would go to the test's output
        ini_set('log_errors', '0');
        ob_start();
        echo "buffered output of the first worker 0\n";
        exit(5);
    });
    $server->on('workerError', function ($s, $id, $pid, $code, $signal) use ($report) {
        fwrite($report, "workerError: worker $id, exit code $code, signal $signal\n");
    });
    $server->on('receive', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$lines = [];
while (($line = fgets($events)) !== false) {
    $lines[] = trim($line);
    if ($line === "worker 0 started again\n") break;
}
echo implode("\n", $lines), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
buffered output of the first worker 0
[%s]	ERROR	php_swoole_server_rshutdown() (ERRNO 503): Fatal error: Uncaught Swoole\ExitException: swoole exit in %s
Stack trace:
%A
  thrown in %s on line %d
caught exit: status 5, flags: coroutine and server
shutdown function ran
workerError: worker 0, exit code 255, signal 0
worker 0 started again
master exit status 0

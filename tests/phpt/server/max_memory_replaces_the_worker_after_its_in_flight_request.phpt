--TEST--
max_memory (BASE and PROCESS): a worker whose PHP memory grows past the limit finishes the request it has in flight (whole answer), is replaced, and the restart is logged and counted with its reason
--EXTENSIONS--
gust
posix
--FILE--
<?php
require __DIR__ . '/../http/serve.inc';

function run_mode(int $mode, string $name): void
{
    $log = tempnam(sys_get_temp_dir(), 'gust_maxmem_log');
    [$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($events);
        $server = new Swoole\Http\Server('127.0.0.1', 0, $mode);
        // The limit: what the worker holds now and 24 MiB (PHP's allocator, or RSS when it is off
        // as under ASan: docs/metrics.md); /grow adds 40 MiB.
        $base = memory_get_usage(true) ?: (int)explode(' ', file_get_contents('/proc/self/statm'))[1] * 4096;
        $server->set(['worker_num' => 1, 'reactor_num' => 1, 'max_memory' => $base + 24 * 1024 * 1024,
            'gust_metrics_path' => '/metrics', 'log_file' => $log, 'log_level' => SWOOLE_LOG_WARNING]);
        fwrite($report, "port {$server->port}\n");
        $GLOBALS['hoard'] = [];
        $GLOBALS['slow_started'] = false;
        $GLOBALS['grown'] = false;
        $server->on('request', function ($req, $res) {
            switch ($req->server['request_uri']) {
                case '/slow':
                    $GLOBALS['slow_started'] = true;
                    // In flight until /grow has pushed the worker over its limit, and a while longer.
                    for ($i = 0; $i < 500 && !$GLOBALS['grown']; $i++) Co::sleep(0.01);
                    Co::sleep(0.2);
                    $res->end(str_repeat('s', 300000));
                    break;
                case '/grow':
                    for ($i = 0; $i < 500 && !$GLOBALS['slow_started']; $i++) Co::sleep(0.01);
                    $GLOBALS['hoard'][] = str_repeat('x', 40 * 1024 * 1024);
                    $GLOBALS['grown'] = true;
                    $res->end('grew');
                    break;
                default:
                    $res->end((string)getmypid());
            }
        });
        $server->start();
        exit(0);
    }
    fclose($report);
    stream_set_timeout($events, 10);
    $port = (int)explode(' ', trim(fgets($events)))[1];
    $first = http_get_pid($port);
    $slow = http_connect($port);
    stream_set_timeout($slow, 10);
    fwrite($slow, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    $grow = http_connect($port);
    fwrite($grow, "GET /grow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    $g = http_read($grow);
    fclose($grow);
    $s = http_read($slow);
    fclose($slow);
    echo "$name: grow ", $g['body'] ?? 'lost', ", in-flight answer ", $s ? $s['status'] . ' ' . strlen($s['body']) : 'lost', "\n";
    // Bounded: the replacement serves within a few seconds.
    $next = $first;
    for ($i = 0; $i < 100 && ($next === $first || $next === 0); $i++) {
        $next = http_get_pid($port);
        if ($next === $first || $next === 0) usleep(50000);
    }
    echo "$name: replaced ", var_export($next !== $first && $next > 0, true), "\n";
    $c = http_connect($port);
    fwrite($c, "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    $m = http_read($c);
    fclose($c);
    preg_match('/^gust_worker_restarts_total\{reason="max_memory"\} (\d+)$/m', $m['body'] ?? '', $hit);
    echo "$name: restarts counted ", $hit[1] ?? 'none', "\n";
    posix_kill($pid, SIGTERM);
    pcntl_waitpid($pid, $status);
    echo "$name: exit status ", pcntl_wexitstatus($status), "\n";
    echo "$name: logged ", var_export(str_contains(file_get_contents($log), 'over max_memory'), true), "\n";
    unlink($log);
}

function http_get_pid(int $port): int
{
    $c = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    if (!$c) return 0;
    stream_set_timeout($c, 5);
    fwrite($c, "GET /pid HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    $r = http_read($c);
    fclose($c);
    return $r ? (int)$r['body'] : 0;
}

run_mode(SWOOLE_BASE, 'base');
run_mode(SWOOLE_PROCESS, 'process');
?>
--EXPECT--
base: grow grew, in-flight answer 200 300000
base: replaced true
base: restarts counted 1
base: exit status 0
base: logged true
process: grow grew, in-flight answer 200 300000
process: replaced true
process: restarts counted 1
process: exit status 0
process: logged true

--TEST--
SWOOLE_PROCESS: a keep-alive HTTP connection (pipelined requests too) outlives max_request replacements and a SIGUSR1 reload of its worker — every request answered with 200, in order, the connection never closed
--EXTENSIONS--
gust
posix
--FILE--
<?php
require __DIR__ . '/serve.inc';
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'reactor_num' => 1, 'max_request' => 4, 'max_request_grace' => 0,
                  'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('managerStart', function ($s) use ($report) { fwrite($report, "manager " . getmypid() . "\n"); });
    $server->on('request', function ($req, $resp) {
        if ($req->get['slow'] ?? false) Co::sleep(0.02);  // still running when the worker is told to go
        $resp->end($req->server['request_uri'] . '?' . ($req->server['query_string'] ?? '') . ' ' . getmypid());
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$manager = (int)explode(' ', trim(fgets($events)))[1];
$c = http_connect($port);
$ok = 0; $pids = [];
for ($i = 0; $i < 30 && $c; $i++) {
    if ($i === 15) posix_kill($manager, SIGUSR1);
    $slow = $i % 3 === 0 ? '&slow=1' : '';
    if ($i % 5 === 4) {
        // Three pipelined requests in one write.
        fwrite($c, "GET /p?i=$i-a HTTP/1.1\r\nHost: x\r\n\r\nGET /p?i=$i-b$slow HTTP/1.1\r\nHost: x\r\n\r\nGET /p?i=$i-c HTTP/1.1\r\nHost: x\r\n\r\n");
        $want = ["/p?i=$i-a", "/p?i=$i-b$slow", "/p?i=$i-c"];
    } else {
        fwrite($c, "GET /r?i=$i$slow HTTP/1.1\r\nHost: x\r\n\r\n");
        $want = ["/r?i=$i$slow"];
    }
    foreach ($want as $w) {
        $r = http_read($c);
        if ($r === null) { echo "connection lost at $w\n"; $c = null; break; }
        [$uri, $wpid] = explode(' ', $r['body']);
        if ($r['status'] === 200 && $uri === $w) $ok++; else echo "wrong answer for $w: {$r['status']} $uri\n";
        $pids[$wpid] = true;
    }
}
echo "answered $ok of 42\n";
echo "served by several workers over one connection: ", var_export(count($pids) >= 5, true), "\n";
if ($c) fclose($c);
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
answered 42 of 42
served by several workers over one connection: true
master exit status 0

--TEST--
Http\Response::end() with a response larger than buffer_output_size returns false with SWOOLE_ERROR_DATA_LENGTH_TOO_LARGE and a log line (no PHP warning), and resets the client instead of leaving it waiting; a smaller response still goes
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
$log = tempnam(sys_get_temp_dir(), 'gust-1203-');
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'buffer_output_size' => 64 * 1024, 'http_compression' => false,
        'log_file' => $log]);
    $server->on('start', function ($s) use ($report) { fwrite($report, "port {$s->port}\n"); });
    $server->on('request', function ($req, $resp) use ($report) {
        $size = $req->server['request_uri'] === '/big' ? 128 * 1024 : 1024;
        $ok = $resp->end(str_repeat('A', $size));
        fwrite($report, "{$req->server['request_uri']}: " . var_export($ok, true) . ", error "
            . ($ok ? 0 : swoole_last_error()) . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
foreach (['/small', '/big'] as $uri) {
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($c, 5);
    fwrite($c, "GET $uri HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    $got = '';
    while (!feof($c) && ($chunk = @fread($c, 65536)) !== false && $chunk !== '') $got .= $chunk;
    $info = stream_get_meta_data($c);
    echo "$uri: timed out ", var_export($info['timed_out'], true), ", answered ",
        var_export(str_starts_with($got, 'HTTP/1.1 200'), true), "\n";
    echo trim(fgets($events)), "\n";
}
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
echo preg_replace('/^\[[^\]]*\]/', '[time]', trim(file_get_contents($log))), "\n";
unlink($log);
?>
--EXPECTF--
/small: timed out false, answered true
/small: true, error 0
/big: timed out false, answered false
/big: false, error 1203
exit status 0
[time]	WARNING	ProcessFactory::finish() (ERRNO 1203): The length of data [%d] exceeds the output buffer size[65536], please use the sendfile, chunked transfer mode or adjust the output_buffer_size

--TEST--
Response::create([$server, $request], $fd) on a plain Server with open_http_protocol: answers the request Request::parse() read, sets both objects' fd, and follows the request's version, keep-alive and method
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Http\Request;
use Swoole\Http\Response;

[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 1, 'open_http_protocol' => true, 'log_level' => SWOOLE_LOG_WARNING]);
    $server->on('workerStart', function ($s) use ($report) { fwrite($report, "{$s->port}\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        $req = Request::create();
        $used = $req->parse($data);
        $resp = Response::create([$s, $req], $fd);
        $resp->header('X-Parsed', (string)$used);
        $resp->end('hello ' . $req->server['request_uri']);
        fwrite($report, "fds: " . var_export($resp->fd === $fd && $req->fd === $fd, true) . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)trim(fgets($events));
function exchange($port, $request) {
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($c, 5);
    fwrite($c, $request);
    $reply = stream_get_contents($c);  // each answer here ends the connection
    $head = substr($reply, 0, strpos($reply, "\r\n\r\n"));
    $lines = explode("\r\n", $head);
    $keep = [$lines[0]];
    foreach ($lines as $l) if (preg_match('/^(x-parsed|connection|content-length):/i', $l)) $keep[] = strtolower($l);
    sort($keep);
    return implode(' | ', $keep) . ' || ' . substr($reply, strlen($head) + 4);
}
$get = "GET /a HTTP/1.0\r\nHost: x\r\n\r\n";
echo exchange($port, $get), "\n";
echo trim(fgets($events)), "\n";
$post = "POST /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\nHELLO";
echo exchange($port, $post), "\n";
echo trim(fgets($events)), "\n";
echo exchange($port, "HEAD /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), "\n";
echo trim(fgets($events)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
HTTP/1.0 200 OK | connection: close | content-length: 8 | x-parsed: %d || hello /a
fds: true
HTTP/1.1 200 OK | connection: close | content-length: 8 | x-parsed: %d || hello /b
fds: true
HTTP/1.1 200 OK | connection: close | content-length: 8 | x-parsed: %d || 
fds: true
exit status 0

--TEST--
SWOOLE_BASE: a request detached in its worker is answered by Response::create($fd) in a task worker
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Http\Request;
use Swoole\Http\Response;
use Swoole\Http\Server;

[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 1, 'task_worker_num' => 2, 'log_level' => SWOOLE_LOG_ERROR]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function (Server $s, int $id) use ($report) { fwrite($report, "start $id\n"); });
    $server->on('request', function (Request $request, Response $response) use ($server) {
        $response->detach();
        $server->task([$response->fd, $request->server['request_uri']]);
    });
    $server->on('task', function (Server $s, int $id, int $src, array $job) {
        [$fd, $uri] = $job;
        $response = Response::create((string)$fd);
        $response->header('X-Task-Worker', (string)$s->getWorkerId());
        $response->end("answered $uri from a task worker\n");
    });
    $server->on('finish', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
for ($started = 0; $started < 3; $started++) fgets($events);
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
// Two requests on one keep-alive connection: each is answered in turn.
foreach (['/one', '/two'] as $uri) {
    fwrite($c, "GET $uri HTTP/1.1\r\nHost: x\r\n\r\n");
    $head = '';
    while (($line = fgets($c)) !== false && $line !== "\r\n") $head .= $line;
    preg_match('/Content-Length: (\d+)/i', $head, $m);
    echo strtok($head, "\r\n"), "\n";
    echo preg_match('/X-Task-Worker: [12]\r\n/i', $head) ? "from a task worker\n" : $head;
    echo fread($c, (int)$m[1]);
}
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
HTTP/1.1 200 OK
from a task worker
answered /one from a task worker
HTTP/1.1 200 OK
from a task worker
answered /two from a task worker
exit status 0

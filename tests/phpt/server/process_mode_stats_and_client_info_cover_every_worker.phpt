--TEST--
SWOOLE_PROCESS: stats() counts the whole server (connections, requests and bytes of every worker), and getClientInfo()/exists()/getClientList()/bind() work for a connection of another worker
--EXTENSIONS--
gust
posix
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 2, 'reactor_num' => 2, 'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) {
        $cmd = explode(' ', $data);
        $me = $s->getWorkerId();
        switch ($cmd[0]) {
            case 'who': $s->send($fd, "$me $fd"); break;
            case 'info':
                $other = (int)$cmd[1];
                $i = $s->getClientInfo($other);
                $s->send($fd, json_encode([
                    'exists' => $s->exists($other), 'established' => $s->isEstablished($other),
                    'remote_port' => $i['remote_port'] ?? null, 'worker_id' => $i['worker_id'] ?? null,
                    'uid' => $i['uid'] ?? null, 'list' => $s->getClientList(0, 100),
                    'iterated' => iterator_to_array($s->connections, false),
                    'gone' => $s->getClientInfo($other + 1000) === false && !$s->exists($other + 1000),
                ]));
                break;
            case 'bind': $s->send($fd, var_export($s->bind((int)$cmd[1], (int)$cmd[2]), true)); break;
            case 'stats':
                $st = $s->stats();
                $s->send($fd, json_encode(array_intersect_key($st, array_flip(['connection_num', 'accept_count',
                    'close_count', 'request_count', 'dispatch_count', 'worker_num', 'idle_worker_num',
                    'total_recv_bytes', 'worker_request_count']))));
                break;
            case 'quit': $s->shutdown(); break;
        }
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
function ask($c, $q) { fwrite($c, $q); $r = fread($c, 4096); if ($r === '' || $r === false) { echo "no reply to $q\n"; exit(1); } return $r; }
// Open connections until both workers own one (bounded); the rest stay open too.
$by = [];
$conns = [];
$requests = 0;
$bytes = 0;
for ($i = 0; $i < 16 && count($by) < 2; $i++) {
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($c, 5);
    [$w, $fd] = explode(' ', ask($c, 'who'));
    $requests++;
    $bytes += 3;
    $conns[] = [$c, (int)$fd];
    $by[(int)$w] ??= [$c, (int)$fd];
}
echo "both workers own a connection: ", var_export(count($by) === 2, true), "\n";
// A connection that is closed again, to be counted.
$gone = stream_socket_client("tcp://127.0.0.1:$port");
ask($gone, 'who');
$requests++;
$bytes += 3;
fclose($gone);
[$c0, $fd0] = $by[0];
[$c1, $fd1] = $by[1];
// Its close may still be on its way to the master (another reactor thread may own it): wait until
// it is counted, or getClientList() below may still list it (bounded).
for ($i = 0; $i < 200; $i++) {
    $st = json_decode(ask($c1, 'stats'), true);
    $requests++;
    $bytes += 5;
    if ($st['close_count'] === 1) break;
}
$port0 = (int)explode(':', stream_socket_get_name($c0, false))[1];
$ids = array_map(fn($x) => $x[1], $conns);
sort($ids);
// The close of $gone reaches the table once the worker serving it saw it: ask until it is out (bounded).
$q = "info $fd0";
for ($i = 0; $i < 200; $i++) {
    $info = json_decode(ask($c1, $q), true);
    $requests++;
    $bytes += strlen($q);
    if ($info['list'] == $ids) break;
}
echo "worker 1 sees worker 0's connection: exists ", var_export($info['exists'], true),
    ", established ", var_export($info['established'], true),
    ", remote_port matches ", var_export($info['remote_port'] === $port0, true),
    ", worker_id ", $info['worker_id'], ", uid ", var_export($info['uid'], true), "\n";
echo "getClientList and \$server->connections list every open connection: ", var_export($info['list'] == $ids, true),
    ' ', var_export($info['iterated'] == $ids, true), "\n";
echo "unknown fd: ", var_export($info['gone'], true), "\n";
$q = "bind $fd0 42";
echo "worker 1 binds it: ", ask($c1, $q), "\n";
$requests++;
$bytes += strlen($q);
$q = "info $fd0";
$info = json_decode(ask($c0, $q), true);
$requests++;
$bytes += strlen($q);
echo "worker 0 sees the uid: ", var_export($info['uid'], true), "\n";
$q = "bind $fd0 43";
echo "bound once: ", ask($c0, $q), "\n";
$requests++;
$bytes += strlen($q);
// The close of $gone may still be on its way to the master: ask until it is counted (bounded).
for ($i = 0; $i < 200; $i++) {
    $st = json_decode(ask($c1, 'stats'), true);
    $requests++;
    $bytes += 5;
    if ($st['close_count'] === 1) break;
}
echo "stats from worker 1: connections ", $st['connection_num'] === count($conns) ? 'ok' : "{$st['connection_num']} != " . count($conns),
    ", accepted ", $st['accept_count'] === count($conns) + 1 ? 'ok' : $st['accept_count'],
    ", closed ", $st['close_count'],
    ", requests ", $st['request_count'] === $requests ? 'ok' : "{$st['request_count']} != $requests",
    ", dispatched ", $st['dispatch_count'] === $requests ? 'ok' : "{$st['dispatch_count']} != $requests",
    ", bytes received ", $st['total_recv_bytes'] === $bytes ? 'ok' : "{$st['total_recv_bytes']} != $bytes",
    // Worker 0 publishes its coroutine count when its loop goes to sleep: it may not have yet.
    ", workers ", $st['worker_num'], ", idle ", in_array($st['idle_worker_num'], [0, 1], true) ? 'ok' : $st['idle_worker_num'],
    ", this worker's requests below the total: ", var_export($st['worker_request_count'] < $st['request_count'], true), "\n";
fwrite($c0, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
both workers own a connection: true
worker 1 sees worker 0's connection: exists true, established true, remote_port matches true, worker_id 0, uid NULL
getClientList and $server->connections list every open connection: true true
unknown fd: true
worker 1 binds it: true
worker 0 sees the uid: 42
bound once: false
stats from worker 1: connections ok, accepted ok, closed 1, requests ok, dispatched ok, bytes received ok, workers 2, idle ok, this worker's requests below the total: true
exit status 0

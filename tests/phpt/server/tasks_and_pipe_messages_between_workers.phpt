--TEST--
task_worker_num: task() reaches onTask in a task worker, its return value reaches onFinish or the task's callback; taskwait/taskWaitMulti/taskCo park the coroutine; finish() and Task objects (task_enable_coroutine); sendMessage() reaches onPipeMessage
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
    $server->set(['worker_num' => 2, 'task_worker_num' => 2, 'log_level' => SWOOLE_LOG_WARNING]);
    $out = function (string $line) use ($report) { fwrite($report, "$line\n"); };
    $server->on('receive', function () {});
    $server->on('task', function ($s, $id, $src, $data) use ($out) {
        if ($data === 'via finish') { $s->finish(['finished' => $data, 'by_task_worker' => $s->taskworker]); return; }
        if (is_array($data) && isset($data['slow'])) Co::sleep(0.05);
        if ($data === 'no answer') return null;
        return is_array($data) ? array_sum($data) : "done:$data";
    });
    $server->on('finish', function ($s, $id, $data) use ($out) {
        $out("onFinish " . json_encode($data) . " in worker {$s->getWorkerId()}");
        if ($data === 1) $s->sendMessage('stop', 1);  // the late result of the timed-out task: all is done
    });
    $server->on('pipeMessage', function ($s, $src, $msg) use ($out) {
        $out("pipeMessage from $src: " . json_encode($msg) . " in worker {$s->getWorkerId()}");
        if ($msg === 'stop') $s->shutdown();
    });
    $server->on('workerStart', function ($s, $wid) use ($out) {
        if ($wid !== 0) return;
        $out("task id: " . var_export($s->task("plain"), true));
        $s->task("with callback", -1, function ($s, $id, $data) use ($out) { $out("callback got $data"); });
        $s->task("via finish");
        $s->task("no answer");
        $out("taskwait: " . json_encode($s->taskwait([1, 2, 3], 2)));
        $out("taskWaitMulti: " . json_encode($s->taskWaitMulti(['a' => 'x', 'b' => [4, 5]], 2)));
        $out("taskCo with a timeout: " . json_encode($s->taskCo(['quick', ['slow' => 1]], 0.01)));
        $out("sendMessage: " . var_export($s->sendMessage(['hi' => 1], 1), true));
        $out("to myself: " . var_export(@$s->sendMessage('x', 0), true));
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$lines = [];
while (($l = fgets($events)) !== false) $lines[] = trim($l);
sort($lines);
echo implode("\n", $lines), "\n";
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
callback got done:with callback
onFinish "done:plain" in worker 0
onFinish 1 in worker 0
onFinish {"finished":"via finish","by_task_worker":true} in worker 0
pipeMessage from 0: "stop" in worker 1
pipeMessage from 0: {"hi":1} in worker 1
sendMessage: true
task id: 0
taskCo with a timeout: ["done:quick",false]
taskWaitMulti: {"a":"done:x","b":9}
taskwait: 6
to myself: false
exit status 0

--TEST--
open_http2_protocol (PROCESS mode): a worker that stops while an HTTP/2 stream is being answered sends GOAWAY (no error, last stream = the one in flight; the master's stop reaches the worker a moment later, so its place among the stream's frames is not fixed), the stream still completes, then the connection closes
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (trim((string)shell_exec('python3 -c "import h2, hpack, hyperframe; print(1)" 2>/dev/null')) !== '1') die('skip Python h2 needed (tools/deps.sh installs it)');
?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_PROCESS);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => 5, 'open_http2_protocol' => true]);
$server->on('workerStart', function ($s) {
    $frames = explode("\n", trim(Swoole\Coroutine\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/h2_frames.py {$s->port} /")['output']));
    $goaway = array_values(array_filter($frames, fn($f) => str_starts_with($f, 'goaway')));
    echo implode("\n", $goaway), "\n", implode("\n", array_diff($frames, $goaway)), "\n";
    $s->shutdown();  // no-op when the request stopped it already
});
$server->on('request', function ($req, $resp) use ($server) {
    $server->shutdown();  // the stream is in flight: GOAWAY goes out now, the answer after it
    var_dump($resp->write('part,'));
    Swoole\Coroutine::sleep(0.01);  // still answering after the loop turned
    var_dump($resp->end('done'));
});
$server->start();
echo "stopped\n";
?>
--EXPECT--
bool(true)
bool(true)
goaway last=1 code=0 debug=b''
headers 1 status=200
data 1 b'part,'
data 1 b'done' end
closed
stopped

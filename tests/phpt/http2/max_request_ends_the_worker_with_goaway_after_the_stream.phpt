--TEST--
open_http2_protocol (PROCESS mode, max_request 1): the worker that reached max_request sends GOAWAY (no error, last stream = the one it answered), its stream completes, the connection closes; the next worker serves a new HTTP/2 connection
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
$starts = new Swoole\Atomic(0);
$server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_PROCESS);
$server->set(['worker_num' => 1, 'max_request' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => 5,
              'open_http2_protocol' => true]);
$server->on('workerStart', function ($s) use ($starts) {
    if ($starts->add(1) === 1) {
        $frames = explode("\n", trim(Swoole\Coroutine\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/h2_frames.py {$s->port} /first")['output']));
        // The stop may come before or after the stream's frames: GOAWAY's place is not fixed.
        $goaway = array_values(array_filter($frames, fn($f) => str_starts_with($f, 'goaway')));
        echo implode("\n", $goaway), "\n", implode("\n", array_diff($frames, $goaway)), "\n";
        return;
    }
    echo "worker started again\n";
    echo Swoole\Coroutine\System::exec("env -u LD_PRELOAD /usr/bin/curl -s --max-time 10 --http2-prior-knowledge http://127.0.0.1:{$s->port}/second")['output'], "\n";
    $s->shutdown();
});
$server->on('request', function ($req, $resp) {
    $resp->write($req->server['request_uri'] . ',');
    Swoole\Coroutine::sleep(0.01);
    $resp->end($req->server['server_protocol']);
});
$server->start();
echo "stopped\n";
?>
--EXPECT--
goaway last=1 code=0 debug=b''
headers 1 status=200
data 1 b'/first,'
data 1 b'HTTP/2' end
closed
worker started again
/second,HTTP/2
stopped

--TEST--
open_http2_protocol: write() to a peer that never opens its flow-control window parks once the stream's queue is full (memory stays bounded) and fails after send_timeout with the stream reset (CANCEL); the worker keeps serving
--EXTENSIONS--
gust
--SKIPIF--
<?php if (trim((string)shell_exec('python3 -c "print(1)" 2>/dev/null')) !== '1') die('skip python3 needed'); ?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../http/serve.inc';
http_test(function ($req, $resp) {
    if ($req->server['request_uri'] !== '/big') {
        $resp->end('hello');
        return;
    }
    $chunk = str_repeat('z', 64 * 1024);
    $accepted = 0;
    $start = microtime(true);
    for ($i = 0; $i < 200; $i++) {  // 12.5 MB if nothing held it back
        if (!$resp->write($chunk)) break;
        $accepted++;
    }
    $took = microtime(true) - $start;
    echo "writes accepted: ", $accepted <= 8 ? "at most 8 (bounded)" : $accepted, "\n";
    echo "gave up after send_timeout: ", $took >= 0.9 && $took < 10 ? "yes" : "no ($took s)", "\n";
}, function ($port) {
    echo Swoole\Coroutine\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/h2_zero_window.py $port 2>&1")['output'];
    echo Swoole\Coroutine\System::exec("env -u LD_PRELOAD /usr/bin/curl -s --max-time 10 --http2-prior-knowledge http://127.0.0.1:$port/")['output'], "\n";
}, ['open_http2_protocol' => true, 'send_timeout' => 1]);
?>
--EXPECT--
writes accepted: at most 8 (bounded)
gave up after send_timeout: yes
RST_STREAM CANCEL
hello

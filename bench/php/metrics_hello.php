<?php
// HTTP hello world with Gust's metrics on or off (bench/run.py http-metrics).
// Usage: php metrics_hello.php PORT base|process on|off
$port = (int)($argv[1] ?? 9501);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$settings = ['worker_num' => 1, 'log_level' => 5];
if (($argv[3] ?? 'off') === 'on') $settings['gust_metrics_path'] = '/metrics';
$http = new Swoole\Http\Server('127.0.0.1', $port, $mode);
$http->set($settings);
$http->on('request', function ($req, $resp) {
    $resp->end('<h1>Hello Swoole. #' . rand(1000, 9999) . '</h1>');
});
$http->start();

--TEST--
package_length_func frames the stream (one package per answer, across writes and several in one write); 0 waits for more, a negative answer, a non-int or an exception closes that connection with a warning and an RST (the client's read fails), others go on
--EXTENSIONS--
gust
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set([
    'worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => SWOOLE_LOG_ERROR,
    // A byte of length, then the body: "\x03abc". "!" refuses, "?" throws, "#" answers a string.
    'package_length_func' => function (string $data) {
        if ($data[0] === '!') return -1;
        if ($data[0] === '?') throw new RuntimeException('bad header');
        if ($data[0] === '#') return 'seven';
        return strlen($data) < 1 ? 0 : 1 + ord($data[0]);
    },
]);
$warnings = [];
set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[] = $msg; return true; });
$server->on('workerStart', function ($s) use (&$warnings) {
    $good = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($good, "\x05he");
    fwrite($good, "llo\x02ok\x01!");
    $got = '';
    while (substr_count($got, '|') < 3) $got .= fread($good, 100);
    echo "good: $got\n";
    foreach (['!', '?', '#'] as $bad) {
        $c = stream_socket_client("tcp://127.0.0.1:{$s->port}");
        fwrite($c, "{$bad}xyz");
        echo "'$bad' closed: ", var_export(fread($c, 100) === false, true), "\n";
    }
    fwrite($good, "\x04more");
    echo "good still served: ", fread($good, 100), "\n";
    foreach ($warnings as $w) echo "warning: $w\n";
    $s->shutdown();
});
$server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, "[" . substr($data, 1) . "]|"); });
$server->start();
?>
--EXPECT--
good: [hello]|[ok]|[!]|
'!' closed: true
'?' closed: true
'#' closed: true
good still served: [more]|
warning: Swoole\Server::start(): package_length_func threw RuntimeException: bad header; closing the connection
warning: Swoole\Server::start(): package_length_func must return an int, string given; closing the connection

--TEST--
open_eof_split delivers one package per delimiter across writes; a package over package_max_length closes that connection with a log line and an RST (the client's read fails: ECONNRESET), others go on
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'open_eof_split' => true, 'package_eof' => "\r\n", 'package_max_length' => 64,
              'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('workerStart', function ($s) {
    $good = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    $bad = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($good, "one\r\ntw");
    fwrite($good, "o\r\nthree\r\n");
    $got = '';
    while (substr_count($got, "|") < 3) $got .= fread($good, 100);
    echo "good got: ", json_encode($got), "\n";
    fwrite($bad, str_repeat("x", 200));
    var_dump(fread($bad, 100));  // reset: false
    fwrite($good, "four\r\n");
    echo "good still served: ", fread($good, 100), "\n";
    $s->shutdown();
});
$server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, "[$data]|"); });
$server->on('close', function ($s, $fd) { echo "close $fd\n"; });
$server->start();
?>
--EXPECTF--
good got: "[one\r\n]|[two\r\n]|[three\r\n]|"
%sWARNING%spackage%s closing it
close 2
bool(false)
good still served: [four
]|
close 1

--TEST--
Control frames: pings answered, close codes echoed (invalid ones 1002, bad reasons 1007), disconnect() waits for the peer's close; a plain request without onRequest gets 400
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    if ($frame->data === 'leave') {
        var_dump($s->disconnect($frame->fd, 4000, 'go away'), $s->isEstablished($frame->fd), $s->disconnect($frame->fd));
    }
}, function ($port) {
    $c = ws_connect($port);
    ws_send($c, 9, 'are you there');
    echo ws_describe(ws_read($c)), "\n";
    ws_send($c, 10, 'unsolicited pong');  // ignored
    ws_send($c, 9, '');
    echo ws_describe(ws_read($c)), "|\n";
    $cases = ['1000 normal' => pack('n', 1000) . 'bye', '3000 app' => pack('n', 3000), 'empty' => '',
              '999' => pack('n', 999), '1005' => pack('n', 1005), '1016' => pack('n', 1016), '5000' => pack('n', 5000),
              'one byte' => "\x03", 'bad reason' => pack('n', 1000) . "\xff\xfe"];
    foreach ($cases as $name => $payload) {
        $c = ws_connect($port);
        ws_send($c, 8, $payload);
        $line = str_pad($name, 12) . ws_describe(ws_read($c));
        echo $line, ' / then ', ws_describe(ws_read($c)), "\n";
    }
    $c = ws_connect($port);
    ws_send($c, 1, 'leave');
    $line = ws_describe(ws_read($c));
    echo "server sent: $line\n";
    ws_send($c, 8, pack('n', 4000));
    $line = ws_describe(ws_read($c));
    echo "after our reply: $line\n";
    $raw = stream_socket_client("tcp://127.0.0.1:$port");
    fwrite($raw, "GET /page HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    $line = strtok(stream_get_contents($raw), "\r\n");
    echo "plain request: $line\n";
}, ['websocket_close_timeout' => 5], SWOOLE_BASE, ['close' => function ($s, $fd) { echo "close $fd\n"; }]);
?>
--EXPECT--
pong: are you there
pong: |
close 1
close 2
1000 normal close 1000 bye / then EOF
close 3
3000 app    close 3000 / then EOF
close 4
empty       close 1000 / then EOF
close 5
999         close 1002 / then EOF
close 6
1005        close 1002 / then EOF
close 7
1016        close 1002 / then EOF
close 8
5000        close 1002 / then EOF
close 9
one byte    close 1002 / then EOF
close 10
bad reason  close 1007 / then EOF
bool(true)
bool(false)
bool(false)
server sent: close 4000 go away
close 11
after our reply: EOF
close 12
plain request: HTTP/1.1 400 Bad Request

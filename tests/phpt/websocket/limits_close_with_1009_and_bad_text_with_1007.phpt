--TEST--
Limits: a frame or a fragmented message over package_max_length closes with 1009 (a declared length before its payload arrives), invalid UTF-8 with 1007 at the first bad fragment, an unmasked frame with 1002
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
$got = [];
ws_test(function ($s, $frame) use (&$got) {
    $got[] = strlen($frame->data);
}, function ($port) use (&$got) {
    $c = ws_connect($port);
    ws_send($c, 2, str_repeat('a', 4096));             // exactly the limit: fine
    fwrite($c, chr(0x82) . chr(0x80 | 127) . pack('J', 1 << 40) . 'mask');  // declares 1 TiB, sends no payload
    $line = ws_describe(ws_read($c));
    echo "huge declared: $line\n";
    $c = ws_connect($port);
    for ($i = 0; $i < 5; $i++) ws_send($c, $i ? 0 : 2, str_repeat('b', 1000), false);
    $line = ws_describe(ws_read($c));
    echo "fragments over the limit: $line\n";
    $c = ws_connect($port);
    ws_send($c, 1, "caf\xc3", false);   // a character split across fragments is fine...
    ws_send($c, 0, "\xa9 ok", false);
    ws_send($c, 0, "\xed\xa0\x80", false);  // ...a surrogate is not: refused before the message ends
    $line = ws_describe(ws_read($c));
    echo "bad utf-8: $line\n";
    $c = ws_connect($port);
    fwrite($c, ws_frame(1, 'plain', true, false));
    $line = ws_describe(ws_read($c));
    echo "unmasked: $line\n";
    echo "delivered: ", implode(',', $got), "\n";
}, ['package_max_length' => 4096]);
?>
--EXPECT--
huge declared: close 1009
fragments over the limit: close 1009
bad utf-8: close 1007
unmasked: close 1002
delivered: 4096

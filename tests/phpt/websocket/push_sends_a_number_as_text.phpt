--TEST--
push() with an int, a float, a bool or null as data sends its string form as a text frame (it used to crash the worker)
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/ws.inc';
ws_test(function ($s, $frame) {
    foreach ([123, 4.5, true, null] as $value) var_dump($s->push($frame->fd, $value));
}, function ($port, $s) {
    $c = ws_connect($port);
    ws_send($c, 1, 'go');
    for ($i = 0; $i < 4; $i++) echo ws_describe(ws_read($c)), "\n";
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
text: 123
text: 4.5
text: 1
text: 

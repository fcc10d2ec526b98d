--TEST--
Hooked stream_select() in a coroutine counts each ready stream once, as Swoole's does (PHP counts a stream once per array it is ready in); outside coroutines PHP's count stays
--EXTENSIONS--
gust
--FILE--
<?php
[$a1, $a2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
[$b1, $b2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
fwrite($a2, "x");
fwrite($b2, "y");
$r = [$a1]; $w = [$a1]; $e = null;
echo "outside: ", stream_select($r, $w, $e, 1), "\n";  // PHP's: readable + writable
Co\run(function () use ($a1, $b1) {
    $r = [$a1]; $w = [$a1]; $e = null;
    echo "one stream readable and writable: ", stream_select($r, $w, $e, 1), " (", count($r), " r, ", count($w), " w)\n";
    $r = [$a1, $b1]; $w = [$a1, $b1];
    echo "two streams readable and writable: ", stream_select($r, $w, $e, 1), " (", count($r), " r, ", count($w), " w)\n";
    $r = [$a1]; $w = [$b1];
    echo "zero timeout, two streams: ", stream_select($r, $w, $e, 0), "\n";
});
?>
--EXPECT--
outside: 2
one stream readable and writable: 1 (1 r, 1 w)
two streams readable and writable: 2 (2 r, 2 w)
zero timeout, two streams: 2

--TEST--
examples/php/http_server.php (the demo server) serves its pages: overlapping sleeps, a chunked stream, a static file, uploads, 404
--EXTENSIONS--
gust
--FILE--
<?php
// The example runs in a child PHP with the same gust.so, on a free port; this script is its client.
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$probe = stream_socket_server('tcp://127.0.0.1:0');
$port = (int)substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
fclose($probe);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", __DIR__ . '/../../../examples/php/http_server.php', $port],
               [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
echo str_replace((string)$port, 'PORT', fgets($pipes[1]));
function get(int $port, string $path, array $opts = []): string {
    $ctx = stream_context_create(['http' => $opts + ['ignore_errors' => true, 'timeout' => 10]]);
    return file_get_contents("http://127.0.0.1:$port$path", false, $ctx);
}
echo strlen(get($port, '/')) > 100 ? "index ok\n" : "index missing\n";
$info = json_decode(get($port, '/info?name=gust', ['header' => "Cookie: c=1\r\n"]), true);
echo $info['get']['name'], ' ', $info['cookie']['c'], "\n";
echo get($port, '/hello.txt');
echo get($port, '/stream');
echo get($port, '/nowhere');
// Three 1 s sleeps at once on separate connections: about 1 s in all, not 3.
$t = microtime(true);
$socks = [];
for ($i = 0; $i < 3; $i++) {
    $socks[$i] = stream_socket_client("tcp://127.0.0.1:$port");
    fwrite($socks[$i], "GET /sleep HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
}
foreach ($socks as $s) $answers[] = stream_get_contents($s);
$elapsed = microtime(true) - $t;
echo count(array_filter($answers, fn($a) => str_contains($a, 'slept 1.'))), " slept, overlapped: ", $elapsed < 2.5 ? 'yes' : "no ($elapsed s)", "\n";
$boundary = 'B0und';
$body = "--$boundary\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhi\r\n"
      . "--$boundary\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"x.txt\"\r\n\r\nabc\r\n--$boundary--\r\n";
$info = json_decode(get($port, '/info', ['method' => 'POST', 'content' => $body,
                                         'header' => "Content-Type: multipart/form-data; boundary=$boundary\r\n"]), true);
echo $info['post']['note'], ' ', $info['files']['upload']['name'], ' ', $info['files']['upload']['md5'] === md5('abc') ? 'md5 ok' : 'md5 wrong', "\n";
proc_terminate($p, SIGTERM);
stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
echo "exit: ", proc_close($p), ", stderr: ", $err === '' ? 'empty' : $err, "\n";
?>
--EXPECT--
listening on http://127.0.0.1:PORT/
index ok
gust 1
This file is served by Gust's static handler (enable_static_handler + document_root),
without running any PHP.
chunk 1
chunk 2
chunk 3
chunk 4
chunk 5
done
not found
3 slept, overlapped: yes
hi x.txt md5 ok
exit: 0, stderr: empty

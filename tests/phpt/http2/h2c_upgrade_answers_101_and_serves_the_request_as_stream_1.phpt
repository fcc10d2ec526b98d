--TEST--
open_http2_protocol: Upgrade: h2c (curl --http2 on http://) gets 101 Switching Protocols and the request answered as HTTP/2 stream 1, with more streams after it; an upgrade with a body is answered over HTTP/1.1 (the upgrade ignored), a bad HTTP2-Settings field gets 400, and a port without HTTP/2 ignores the upgrade
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (!is_executable('/usr/bin/curl') || strpos(shell_exec('env -u LD_PRELOAD /usr/bin/curl --version'), 'HTTP2') === false) die('skip curl with HTTP/2 support needed (tools/deps.sh installs it)');
?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../http/serve.inc';
$handler = function ($req, $resp) {
    $resp->header('x-proto', $req->server['server_protocol']);
    $resp->end($req->getMethod() . ' ' . $req->server['request_uri'] . ' n=' . ($req->get['n'] ?? '-') . ' ua=' . ($req->header['user-agent'] ?? '-') . ' body=' . strlen((string)$req->rawContent()));
};
$upgrade = "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n";
$upgrade_close = "Connection: Upgrade, HTTP2-Settings, close\r\nUpgrade: h2c\r\n";  // ends after an HTTP/1.1 answer
http_test($handler, function ($port) use ($upgrade, $upgrade_close) {
    $curl = "env -u LD_PRELOAD /usr/bin/curl -s --max-time 10 --http2 -A agent";
    $out = Swoole\Coroutine\System::exec("$curl -i 'http://127.0.0.1:$port/a?n=1' 'http://127.0.0.1:$port/b?n=2'")['output'];
    $out = preg_replace('/^date: .*\r\n/mi', '', $out);
    echo str_replace("\r\n", "\n", $out), "\n";
    // With a body: RFC 7540 §3.2 lets the server ignore the upgrade; HTTP/1.1 answers.
    $r = http_raw($port, "POST /c HTTP/1.1\r\nHost: x\r\n{$upgrade_close}HTTP2-Settings: AAMAAABk\r\nContent-Length: 3\r\n\r\nabc");
    echo strtok($r, "\r\n"), ' | ', substr($r, strpos($r, "\r\n\r\n") + 4), "\n";
    // A bad HTTP2-Settings field (not base64url, not whole 6-byte entries).
    foreach (['AA*A', 'AAMA'] as $bad) {
        $r = http_raw($port, "GET /d HTTP/1.1\r\nHost: x\r\n{$upgrade}HTTP2-Settings: $bad\r\n\r\n");
        echo strtok($r, "\r\n"), "\n";
    }
    // After the 101 only the client preface may come: an HTTP/1.1 request there is not answered.
    $r = http_raw($port, "GET /e HTTP/1.1\r\nHost: x\r\n{$upgrade}HTTP2-Settings: \r\n\r\nGET /f HTTP/1.1\r\nHost: x\r\n\r\n");
    echo strtok($r, "\r\n"), ' ', substr_count($r, 'HTTP/1.1'), "\n";
}, ['open_http2_protocol' => true]);
http_test($handler, function ($port) use ($upgrade, $upgrade_close) {
    $r = http_raw($port, "GET /g HTTP/1.1\r\nHost: x\r\n{$upgrade_close}HTTP2-Settings: AAMAAABk\r\n\r\n");
    echo strtok($r, "\r\n"), ' | ', substr($r, strpos($r, "\r\n\r\n") + 4), "\n";
});
?>
--EXPECT--
HTTP/1.1 101 Switching Protocols
Connection: Upgrade
Upgrade: h2c

HTTP/2 200 
x-proto: HTTP/2
server: swoole-http-server
content-type: text/html
content-length: 26

GET /a n=1 ua=agent body=0HTTP/2 200 
x-proto: HTTP/2
server: swoole-http-server
content-type: text/html
content-length: 26

GET /b n=2 ua=agent body=0
HTTP/1.1 200 OK | POST /c n=- ua=- body=3
HTTP/1.1 400 Bad Request
HTTP/1.1 400 Bad Request
HTTP/1.1 101 Switching Protocols 1
HTTP/1.1 200 OK | GET /g n=- ua=- body=0

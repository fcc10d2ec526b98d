--TEST--
open_http2_protocol: curl --http2-prior-knowledge gets HTTP/2 answers (status, headers, cookies, body, write() streaming, trailers, POST body, several streams on one connection) and HTTP/1.1 on the same port keeps working
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (!is_executable('/usr/bin/curl') || strpos(shell_exec('env -u LD_PRELOAD /usr/bin/curl --version'), 'HTTP2') === false) die('skip curl with HTTP/2 support needed (tools/deps.sh installs it)');
if (trim((string)shell_exec('python3 -c "import h2; print(1)" 2>/dev/null')) !== '1') die('skip Python h2 needed (tools/deps.sh installs it)');
?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../http/serve.inc';
http_test(function ($req, $resp) {
    $uri = $req->server['request_uri'];
    if ($uri === '/stream') {
        $resp->header('content-type', 'text/plain');
        $resp->write("one,");
        $resp->write("two,");
        $resp->trailer('x-checksum', 'abc');
        $resp->end("three");
        return;
    }
    if ($uri === '/post') {
        $resp->end("got " . strlen($req->rawContent()) . " bytes, a=" . ($req->post['a'] ?? '-'));
        return;
    }
    $resp->status(201);
    $resp->header('x-proto', $req->server['server_protocol']);
    $resp->cookie('c', 'v');
    $resp->end("hello " . $req->get['n'] . " " . ($req->header['user-agent'] ?? '-'));
}, function ($port) {
    $curl = "env -u LD_PRELOAD /usr/bin/curl -s --max-time 10 --http2-prior-knowledge";
    $out = Swoole\Coroutine\System::exec("$curl -i -A agent 'http://127.0.0.1:$port/?n=1'")['output'];
    $out = preg_replace('/^date: .*\r\n/mi', '', $out);
    echo str_replace("\r\n", "\n", $out), "\n";
    $out = Swoole\Coroutine\System::exec("$curl --raw -v 'http://127.0.0.1:$port/stream' 2>&1")['output'];
    echo preg_match('/< x-checksum: abc/', $out) ? "trailer seen\n" : "no trailer: $out\n";
    echo preg_match('/one,two,three/', $out) ? "streamed body\n" : "body missing\n";
    $out = Swoole\Coroutine\System::exec("$curl -d a=42 -d b=1 'http://127.0.0.1:$port/post'")['output'];
    echo $out, "\n";
    // Several streams one after the other on one connection (Python h2: curl 7.88 does not
    // reuse a prior-knowledge connection for a second URL).
    echo Swoole\Coroutine\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/h2_sequential.py $port 3")['output'];
    // HTTP/1.1 on the same port.
    $r = http_get($port, '/?n=h1');
    echo $r['status'], ' ', $r['body'], ' ', $r['headers']['x-proto'], "\n";
}, ['open_http2_protocol' => true]);
?>
--EXPECT--
HTTP/2 201 
x-proto: HTTP/2
server: swoole-http-server
content-type: text/html
set-cookie: c=v
content-length: 13

hello 1 agent
trailer seen
streamed body
got 8 bytes, a=42
1 b'hello 1 python-h2'
3 b'hello 2 python-h2'
5 b'hello 3 python-h2'
201 hello h1 - HTTP/1.1

--TEST--
open_http2_protocol on a SWOOLE_SSL port: curl --http2 over https is served HTTP/2 (h2 chosen by ALPN), curl --http1.1 over the same port gets HTTP/1.1, and ssl_alpn_protocols replaces the offer (http/1.1 only: curl --http2 falls back to HTTP/1.1)
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (!is_executable('/usr/bin/openssl')) die('skip the openssl command is needed to make a certificate');
if (!is_executable('/usr/bin/curl') || strpos(shell_exec('env -u LD_PRELOAD /usr/bin/curl --version'), 'HTTP2') === false) die('skip curl with HTTP/2 support needed (tools/deps.sh installs it)');
?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$dir = sys_get_temp_dir() . '/gust_h2tls_' . getmypid();
@mkdir($dir);
exec('/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost'
    . ' -addext subjectAltName=DNS:localhost,IP:127.0.0.1'
    . " -keyout $dir/key.pem -out $dir/cert.pem 2>/dev/null", $out, $rc);
var_dump($rc);

function serve(string $dir, array $extra, callable $client): void
{
    $server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_BASE, SWOOLE_SOCK_TCP | SWOOLE_SSL);
    $server->set($extra + ['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => 5,
        'open_http2_protocol' => true, 'ssl_cert_file' => "$dir/cert.pem", 'ssl_key_file' => "$dir/key.pem"]);
    $server->on('workerStart', function ($s) use ($client) {
        try {
            $client($s->port);
        } finally {
            $s->shutdown();
        }
    });
    $server->on('request', function ($req, $resp) {
        $resp->end($req->server['server_protocol'] . ' ' . $req->server['request_uri'] . ' ' . strlen($req->rawContent() ?: ''));
    });
    $server->start();
}

$curl = "env -u LD_PRELOAD /usr/bin/curl -s -k --max-time 10 -w ' %{http_version}\\n'";
serve($dir, [], function ($port) use ($curl) {
    echo Swoole\Coroutine\System::exec("$curl --http2 'https://127.0.0.1:$port/a' 'https://127.0.0.1:$port/b'")['output'];
    echo Swoole\Coroutine\System::exec("$curl --http2 -d hello 'https://127.0.0.1:$port/c'")['output'];
    echo Swoole\Coroutine\System::exec("$curl --http1.1 'https://127.0.0.1:$port/d'")['output'];
});
serve($dir, ['ssl_alpn_protocols' => 'http/1.1'], function ($port) use ($curl) {
    echo Swoole\Coroutine\System::exec("$curl --http2 'https://127.0.0.1:$port/e'")['output'];
});
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
int(0)
HTTP/2 /a 0 2
HTTP/2 /b 0 2
HTTP/2 /c 5 2
HTTP/1.1 /d 0 1.1
HTTP/1.1 /e 0 1.1

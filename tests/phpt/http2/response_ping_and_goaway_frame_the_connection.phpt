--TEST--
Response::ping() sends an HTTP/2 PING (data zero-padded to 8 bytes, more refused) and goaway() a GOAWAY naming the stream being answered, which still completes before the connection closes; on HTTP/1.1 both refuse with Swoole's warning
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (trim((string)shell_exec('python3 -c "import h2, hpack, hyperframe; print(1)" 2>/dev/null')) !== '1') die('skip Python h2 needed (tools/deps.sh installs it)');
?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../http/serve.inc';
http_test(function ($req, $resp) {
    if ($req->server['server_protocol'] !== 'HTTP/2') {
        var_dump($resp->ping(), $resp->goaway());
        $resp->end('h1');
        return;
    }
    var_dump($resp->ping('abc'));
    try {
        $resp->ping('123456789');
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    var_dump($resp->goaway(SWOOLE_HTTP2_ERROR_ENHANCE_YOUR_CALM, 'bye'));
    $resp->end('answered after goaway');
}, function ($port) {
    echo Swoole\Coroutine\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/h2_frames.py $port /")['output'];
    $r = http_get($port, '/');
    echo $r['status'], ' ', $r['body'], "\n";
}, ['open_http2_protocol' => true]);
?>
--EXPECTF--
bool(true)
ValueError: Swoole\Http\Response::ping(): Argument #1 ($data) must be at most 8 bytes long (an HTTP/2 PING's data)
bool(true)
ping 6162630000000000
goaway last=1 code=11 debug=b'bye'
headers 1 status=200
data 1 b'answered after goaway' end
closed

Warning: Swoole\Http\Response::ping(): fd[%d] is not a HTTP2 conncetion in %s on line %d

Warning: Swoole\Http\Response::goaway(): fd[%d] is not a HTTP2 conncetion in %s on line %d
bool(false)
bool(false)
200 h1

--TEST--
Coroutine\FastCGI\Proxy: Swoole\Http\Server (BASE) in front of php-fpm — query, POST form, headers and Set-Cookie lines, index of a directory, extra params and headers, static files from the document root, 404 and status from fpm, 502 when fpm is away
--EXTENSIONS--
gust
--SKIPIF--
<?php
require __DIR__ . '/fpm.inc';
if ($reason = fpm_skip_reason()) die($reason);
?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/fpm.inc';
require __DIR__ . '/../http/serve.inc';
use Swoole\Coroutine\FastCGI\Proxy;

$fpm = fpm_start([
    'echo.php' => '<?php header("X-Echo: " . ($_SERVER["HTTP_X_TEST"] ?? "-")); setcookie("a", "1"); setcookie("b", "2");'
        . ' echo json_encode(["m" => $_SERVER["REQUEST_METHOD"], "get" => $_GET, "post" => $_POST, "uri" => $_SERVER["REQUEST_URI"],'
        . ' "script" => $_SERVER["SCRIPT_NAME"], "cookie" => $_COOKIE, "extra" => $_SERVER["GUST_EXTRA"] ?? "-",'
        . ' "added" => $_SERVER["HTTP_X_ADDED"] ?? "-", "https" => $_SERVER["HTTPS"] ?? "-", "name" => $_SERVER["SERVER_NAME"], "many" => $_SERVER["HTTP_X_MANY"] ?? "-"]);',
    'status.php' => '<?php http_response_code(418); echo "teapot";',
    'static.txt' => "plain file\n",
]);
mkdir($fpm['www'] . '/dir');
file_put_contents($fpm['www'] . '/dir/index.php', '<?php echo "index of dir";');

$proxy = (new Proxy("127.0.0.1:{$fpm['port']}", $fpm['www']))->withTimeout(5)
    ->withParam('GUST_EXTRA', 'e')->withParam('DROPPED', 'x')->withoutParam('DROPPED')
    ->withAddHeader(['X-Added' => 'yes']);
echo json_encode([$proxy->getParam('GUST_EXTRA'), $proxy->getParam('DROPPED'), $proxy->getParams()]), "\n";
$away = new Proxy('127.0.0.1:' . fpm_free_port(), $fpm['www']);

http_test(function ($req, $resp) use ($proxy, $away) {
    if (str_starts_with($req->server['request_uri'], '/away')) {
        try {
            $away->pass($req, $resp);
        } catch (Swoole\Coroutine\FastCGI\Client\Exception $e) {
            echo "away: ", $e->getCode() === SOCKET_ECONNREFUSED ? 'ECONNREFUSED' : $e->getCode(), "\n";
        }
        return;
    }
    $proxy->pass($req, $resp);
}, function ($port) {
    $raw = http_raw($port, "GET /echo.php?x=1 HTTP/1.1\r\nHost: example.test:8080\r\nX-Test: hi\r\nX-Many: 1\r\nX-Many: 2\r\nCookie: c=3\r\nConnection: close\r\n\r\n");
    [$head, $body] = explode("\r\n\r\n", $raw, 2);
    preg_match_all('/^Set-Cookie: (.*)$/mi', $head, $m);
    echo strtok($head, "\r\n"), ' | ', preg_match('/^X-Echo: hi\r?$/mi', $head) ? 'x-echo' : 'no x-echo', ' | ',
        json_encode(array_map('trim', $m[1])), "\n";
    echo http_read_body_of($raw), "\n";
    $r = http_get($port, '/echo.php', ['Content-Type' => 'application/x-www-form-urlencoded'], 'POST', 'p=1&q=two');
    echo $r['status'], ' ', $r['body'], "\n";
    $r = http_get($port, '/dir/');
    echo $r['status'], ' ', $r['body'], "\n";
    $r = http_get($port, '/static.txt');
    echo $r['status'], ' ', trim($r['body']), "\n";
    $r = http_get($port, '/../php-fpm.conf');  // outside the document root: not served as a static file
    echo $r['status'], ' ', str_contains($r['body'], '[global]') ? 'LEAKED' : 'not served', "\n";
    $r = http_get($port, '/status.php');
    echo $r['status'], ' ', $r['body'], "\n";
    $r = http_get($port, '/missing.php');
    echo $r['status'], ' ', trim($r['body']), "\n";
    $r = http_get($port, '/away.php');
    echo $r['status'], ' ', $r['body'], "\n";
});
fpm_stop($fpm);

function http_read_body_of(string $raw): string
{
    return explode("\r\n\r\n", $raw, 2)[1];
}
?>
--EXPECT--
["e",null,{"GUST_EXTRA":"e"}]
HTTP/1.1 200 OK | x-echo | ["a=1","b=2"]
{"m":"GET","get":{"x":"1"},"post":[],"uri":"\/echo.php?x=1","script":"\/echo.php","cookie":{"c":"3"},"extra":"e","added":"yes","https":"-","name":"example.test","many":"1, 2"}
200 {"m":"POST","get":[],"post":{"p":"1","q":"two"},"uri":"\/echo.php","script":"\/echo.php","cookie":[],"extra":"e","added":"yes","https":"-","name":"127.0.0.1","many":"-"}
200 index of dir
200 plain file
404 not served
418 teapot
404 File not found.
away: ECONNREFUSED
502 Bad Gateway

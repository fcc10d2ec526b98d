--TEST--
Coroutine\FastCGI\Client against php-fpm (tcp and unix socket): GET with query, 1 MB POST, headers and cookies, stderr, 404, call(), a worker killed mid-request, a timeout, a refused connect
--EXTENSIONS--
gust
--SKIPIF--
<?php
require __DIR__ . '/fpm.inc';
if ($reason = fpm_skip_reason()) die($reason);
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
use Swoole\Coroutine\FastCGI\Client;
use Swoole\FastCGI\HttpRequest;
use Swoole\FastCGI\HttpResponse;

$fpm = fpm_start([
    'echo.php' => '<?php header("X-Echo: " . ($_SERVER["HTTP_X_TEST"] ?? "-")); setcookie("a", "1"); setcookie("b", "2");'
        . ' echo json_encode(["m" => $_SERVER["REQUEST_METHOD"], "get" => $_GET, "uri" => $_SERVER["REQUEST_URI"],'
        . ' "script" => $_SERVER["SCRIPT_NAME"], "cookie" => $_COOKIE, "len" => strlen(file_get_contents("php://input")),'
        . ' "md5" => md5(file_get_contents("php://input")), "post" => count($_POST), "ct" => $_SERVER["CONTENT_TYPE"] ?? ""]);',
    'stderr.php' => '<?php error_log("to the log"); echo "out";',
    'status.php' => '<?php http_response_code(418); echo "teapot";',
    'who.php' => '<?php echo "Hello ", $_POST["who"] ?? "World";',
    'slow.php' => '<?php file_put_contents(__DIR__ . "/slow.pid", getmypid()); echo str_repeat("x", 100); flush(); sleep(3); echo "late";',
]);
$www = $fpm['www'];

Co\run(function () use ($fpm, $www) {
    foreach (['tcp' => new Client('127.0.0.1', $fpm['port']), 'unix' => new Client('unix:' . $fpm['sock'])] as $kind => $client) {
        $req = (new HttpRequest())->withDocumentRoot($www)->withScriptFilename("$www/echo.php")->withScriptName('/echo.php')
            ->withUri('/echo.php?x=1&y=two')->withHeader('X-Test', 'hi')->withHeader('Cookie', 'c=3; d=4');
        $res = $client->execute($req, 5);
        echo $kind, ' ', get_class($res), ' ', $res->getStatusCode(), ' ', $res->getReasonPhrase(), ' ', $res->getHeader('x-echo'), "\n";
        echo $res->getBody(), "\n", json_encode($res->getSetCookieHeaderLines()), "\n";
    }
    $client = new Client('127.0.0.1', $fpm['port']);
    $body = random_bytes(1 << 20);
    $res = $client->execute((new HttpRequest())->withScriptFilename("$www/echo.php")->withMethod('POST')
        ->withContentType('application/octet-stream')->withBody($body), 10);
    $j = json_decode($res->getBody(), true);
    echo "post ", $j['m'], ' ', $j['len'], ' ', $j['md5'] === md5($body) ? 'md5 ok' : 'md5 BAD', ' ', $j['ct'], "\n";
    $res = $client->execute((new HttpRequest())->withScriptFilename("$www/echo.php")->withMethod('POST')->withBody(['p' => 1, 'q' => 2]));
    echo "form ", json_decode($res->getBody(), true)['post'], "\n";

    $res = $client->execute((new HttpRequest())->withScriptFilename("$www/stderr.php"));
    echo "stderr ", $res->getBody(), ' [', trim($res->getError()), "]\n";
    $res = $client->execute((new HttpRequest())->withScriptFilename("$www/status.php"));
    echo "status ", $res->getStatusCode(), ' ', $res->getReasonPhrase(), ' ', $res->getBody(), "\n";
    $res = $client->execute((new HttpRequest())->withScriptFilename("$www/missing.php"));
    echo "missing ", $res->getStatusCode(), " ", $res->getReasonPhrase(), " ", trim($res->getBody()), ' [', trim($res->getError()), "]\n";

    // keep-alive: two requests on one connection
    $keep = new Client('127.0.0.1', $fpm['port']);
    $r = (new HttpRequest())->withScriptFilename("$www/status.php")->withKeepConn(true);
    echo "keep ", $keep->execute($r)->getBody(), ' ', $keep->execute($r)->getBody(), "\n";
    $keep->close();

    echo "call ", Client::call("127.0.0.1:{$fpm['port']}", "$www/who.php", ['who' => 'Gust']), ' / ',
        Client::call('unix:' . $fpm['sock'], "$www/who.php"), "\n";

    // timeout: the script sleeps 3 s
    $t = microtime(true);
    try {
        $client->execute((new HttpRequest())->withScriptFilename("$www/slow.php"), 0.3);
        echo "no timeout\n";
    } catch (Client\Exception $e) {
        printf("timeout %s %s %s\n", get_class($e), $e->getCode() === SOCKET_ETIMEDOUT ? 'ETIMEDOUT' : $e->getCode(),
            microtime(true) - $t < 2 ? 'in time' : 'late');
    }

    // the worker dies mid-response
    @unlink("$www/slow.pid");
    go(function () use ($www) {
        for ($i = 0; $i < 300 && !is_file("$www/slow.pid"); $i++) {
            Co::sleep(0.01);
        }
        Co::sleep(0.05);  // the first output is on its way
        Swoole\Process::kill((int) file_get_contents("$www/slow.pid"), 9);
    });
    try {
        $client->execute((new HttpRequest())->withScriptFilename("$www/slow.php"), 10);
        echo "no error\n";
    } catch (Client\Exception $e) {
        echo "killed ", $e->getCode() === SOCKET_ECONNRESET ? 'ECONNRESET' : $e->getCode(), ' ', $e->getMessage(), "\n";
    }

    // nothing listens
    try {
        (new Client('127.0.0.1', fpm_free_port()))->execute(new HttpRequest(), 2);
    } catch (Client\Exception $e) {
        echo "refused ", $e->getCode() === SOCKET_ECONNREFUSED ? 'ECONNREFUSED' : $e->getCode(), "\n";
    }
    try {
        Client::call('nohost', '/x.php');
    } catch (InvalidArgumentException $e) {
        echo "bad url: ", $e->getMessage(), "\n";
    }
});
fpm_stop($fpm);
echo "done\n";
?>
--EXPECTF--
tcp Swoole\FastCGI\HttpResponse 200 OK hi
{"m":"GET","get":{"x":"1","y":"two"},"uri":"\/echo.php?x=1&y=two","script":"\/echo.php","cookie":{"c":"3","d":"4"},"len":0,"md5":"d41d8cd98f00b204e9800998ecf8427e","post":0,"ct":"text\/plain"}
["a=1","b=2"]
unix Swoole\FastCGI\HttpResponse 200 OK hi
{"m":"GET","get":{"x":"1","y":"two"},"uri":"\/echo.php?x=1&y=two","script":"\/echo.php","cookie":{"c":"3","d":"4"},"len":0,"md5":"d41d8cd98f00b204e9800998ecf8427e","post":0,"ct":"text\/plain"}
["a=1","b=2"]
post POST 1048576 md5 ok application/octet-stream
form 2
stderr out [%Sto the log]
status 418 I'm a teapot teapot
missing 404 Not Found File not found. [Primary script unknown]
keep teapot teapot
call Hello Gust / Hello World
timeout Swoole\Coroutine\FastCGI\Client\Exception ETIMEDOUT in time
killed ECONNRESET %s
refused ECONNREFUSED
bad url: Invalid FastCGI server address 'nohost' (expected host:port or unix:/path)
done

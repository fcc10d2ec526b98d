--TEST--
A coroutine-only API called outside a coroutine is a fatal error (uncaught Swoole\Error "API must be called in the coroutine" with its stack trace), as in Swoole: a catch (Error) around it does not take it and the script ends there
--EXTENSIONS--
gust
--FILE--
<?php
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$calls = [
    'Co::yield();',
    'Co::sleep(0.1);',
    'defer(fn() => 1);',
    '(new Swoole\Coroutine\Channel)->pop();',
    '(new Swoole\Coroutine\Channel(1))->push(1);',
    'Co::join([1]);',
    'Swoole\Coroutine\System::readFile(__FILE__);',
    'Swoole\Coroutine\System::gethostbyname("localhost");',
    '(new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0))->recv();',
    '(new Swoole\Coroutine\Http\Client("127.0.0.1", 1))->get("/");',
    '$b = Swoole\Coroutine\Barrier::make(); Swoole\Coroutine\Barrier::wait($b);',
    '$wg = new Swoole\Coroutine\WaitGroup(1); $wg->wait();',
];
// A fatal error leaves what the frames held to Zend's allocator to free at the request's end (PHP
// does so for any fatal error): under ASan the children keep that allocator on, or every one of
// them would report PHP's own leak.
$env = getenv();
$env['USE_ZEND_ALLOC'] = '1';
foreach ($calls as $call) {
    $code = "function inner() { $call }\ntry { inner(); } catch (Error \$e) { echo 'TOOK-IT'; }\necho 'CARRIED-ON';";
    $proc = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", '-d', 'display_errors=1', '-r', $code],
                      [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $status = proc_close($proc);
    $fatal = str_contains($out, 'Fatal error: Uncaught Swoole\Error: API must be called in the coroutine')
        && str_contains($out, '#0 Command line code(1): ') && str_contains($out, 'inner()');
    printf("%s: %s, status %d%s\n", $call, $fatal ? 'fatal' : "NOT fatal: $out", $status,
           str_contains($out, 'TOOK-IT') || str_contains($out, 'CARRIED-ON') ? ', but went on' : '');
}
// Inside a coroutine the same calls are fine.
Co\run(function () { Co::sleep(0.001); echo "in a coroutine: fine\n"; });
?>
--EXPECT--
Co::yield();: fatal, status 255
Co::sleep(0.1);: fatal, status 255
defer(fn() => 1);: fatal, status 255
(new Swoole\Coroutine\Channel)->pop();: fatal, status 255
(new Swoole\Coroutine\Channel(1))->push(1);: fatal, status 255
Co::join([1]);: fatal, status 255
Swoole\Coroutine\System::readFile(__FILE__);: fatal, status 255
Swoole\Coroutine\System::gethostbyname("localhost");: fatal, status 255
(new Swoole\Coroutine\Socket(AF_INET, SOCK_STREAM, 0))->recv();: fatal, status 255
(new Swoole\Coroutine\Http\Client("127.0.0.1", 1))->get("/");: fatal, status 255
$b = Swoole\Coroutine\Barrier::make(); Swoole\Coroutine\Barrier::wait($b);: fatal, status 255
$wg = new Swoole\Coroutine\WaitGroup(1); $wg->wait();: fatal, status 255
in a coroutine: fine

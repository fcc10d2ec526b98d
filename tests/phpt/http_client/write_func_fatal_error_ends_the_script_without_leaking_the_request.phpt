--TEST--
Coroutine\Http\Client write_func: a fatal error in the callback (E_USER_ERROR, a bailout) ends the script with PHP's fatal error, and the request's own C++ state is freed on the way (under ASan no leak is reported), whether the request came from get() or from recv() of a deferred one
--EXTENSIONS--
gust
--FILE--
<?php
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$child = <<<'PHP'
Co\run(function () use ($argv) {
    $c = new Swoole\Coroutine\Http\Client('127.0.0.1', (int)$argv[2]);
    $c->set(['write_func' => function ($client, $data) { trigger_error('boom in write_func', E_USER_ERROR); }]);
    if ($argv[1] === 'deferred') {
        $c->setDefer();
        $c->get('/');
        $c->recv();
    } else {
        $c->get('/');
    }
    echo "CARRIED-ON\n";
});
PHP;
// Zend's allocator stays on in the children: PHP frees what its own frames held at the request's
// end (under USE_ZEND_ALLOC=0 every fatal error shows PHP's own leaks); what C++ allocated is
// malloc'd either way, so a leak of the request's state would still be reported. The server runs
// here, in the parent, which ends normally.
$env = getenv();
$env['USE_ZEND_ALLOC'] = '1';
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_PROC);
Co\run(function () use ($gust, $child, $env) {
    $server = new Swoole\Coroutine\Http\Server('127.0.0.1', 0);
    $server->handle('/', function ($req, $resp) { $resp->end(str_repeat('x', 100000)); });
    go(function () use ($server, $gust, $child, $env) {
        foreach (['get', 'deferred'] as $how) {
            $proc = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", '-d', 'display_errors=1', '-r', $child, '--',
                               $how, (string)$server->port], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
            $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
            $status = proc_close($proc);
            printf("%s: fatal %s, status %d, carried on %s, leak report %s\n", $how,
                   var_export(str_contains($out, 'Fatal error: boom in write_func'), true), $status,
                   var_export(str_contains($out, 'CARRIED-ON'), true),
                   var_export(str_contains($out, 'LeakSanitizer') || str_contains($out, 'AddressSanitizer'), true));
        }
        $server->shutdown();
    });
    $server->start();
});
?>
--EXPECT--
get: fatal true, status 255, carried on false, leak report false
deferred: fatal true, status 255, carried on false, leak report false

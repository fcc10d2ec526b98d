--TEST--
Writing to a Swoole\Http\Response that has ended records HTTP_CONTEXT_UNAVAILABLE: swoole_strerror(swoole_last_error()) names it
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $resp->end('done');
    swoole_clear_error();
    $wrote = @$resp->write('late');
    $e = swoole_last_error();
    echo 'write after end: ', var_export($wrote, true), ' ', $e === SWOOLE_ERROR_HTTP_CONTEXT_UNAVAILABLE ? 'HTTP_CONTEXT_UNAVAILABLE' : $e,
        ' ', swoole_strerror($e), "\n";
}, function ($port) {
    echo http_get($port, '/')['body'], "\n";
});
?>
--EXPECT--
write after end: false HTTP_CONTEXT_UNAVAILABLE the response has ended or was detached
done

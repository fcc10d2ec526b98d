--TEST--
Swoole\Coroutine::dnsLookup(), System::dnsLookup/gethostbyname/getaddrinfo and swoole_async_dns_lookup_coro(): a name that does not resolve gives false with swoole_last_error() = SWOOLE_ERROR_DNSLOOKUP_RESOLVE_FAILED; a good lookup does not touch it; all four names agree
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\System;
Co\run(function () {
    $bad = 'gust-no-such-host-' . uniqid() . '.invalid';
    foreach ([
        'Coroutine::dnsLookup' => fn ($n) => Swoole\Coroutine::dnsLookup($n, 2),
        'System::dnsLookup' => fn ($n) => System::dnsLookup($n, 2),
        'System::gethostbyname' => fn ($n) => System::gethostbyname($n, AF_INET, 2),
        'System::getaddrinfo' => fn ($n) => System::getaddrinfo($n, AF_INET, SOCK_STREAM, STREAM_IPPROTO_TCP, null, 2),
        'swoole_async_dns_lookup_coro' => fn ($n) => swoole_async_dns_lookup_coro($n, 2),
    ] as $name => $lookup) {
        swoole_clear_error();
        $r = $lookup($bad);
        echo $name, ': ', var_export($r, true), ' ',
             swoole_last_error() === SWOOLE_ERROR_DNSLOOKUP_RESOLVE_FAILED ? 'RESOLVE_FAILED' : swoole_last_error(), "\n";
        swoole_clear_error();
        $ok = $lookup('127.0.0.1');
        echo '  127.0.0.1: ', json_encode($ok), ' ', swoole_last_error(), "\n";
    }
});
?>
--EXPECT--
Coroutine::dnsLookup: false RESOLVE_FAILED
  127.0.0.1: "127.0.0.1" 0
System::dnsLookup: false RESOLVE_FAILED
  127.0.0.1: "127.0.0.1" 0
System::gethostbyname: false RESOLVE_FAILED
  127.0.0.1: "127.0.0.1" 0
System::getaddrinfo: false RESOLVE_FAILED
  127.0.0.1: ["127.0.0.1"] 0
swoole_async_dns_lookup_coro: false RESOLVE_FAILED
  127.0.0.1: "127.0.0.1" 0

--TEST--
System::gethostbyname/getaddrinfo and the gethostbyname() hook without a timeout argument give up after Co::set()'s socket_dns_timeout
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\System;
// One worker thread, held by a readFile() of a FIFO nobody writes yet: every lookup queues behind
// it and can only end by its timeout.
$fifo = sys_get_temp_dir() . "/gust_dns_fifo_" . getmypid();
exec("mkfifo " . escapeshellarg($fifo));
Co::set(['aio_worker_num' => 1, 'socket_dns_timeout' => 0.2, 'hook_flags' => SWOOLE_HOOK_BLOCKING_FUNCTION]);
Co\run(function () use ($fifo) {
    go(function () use ($fifo) {
        $data = System::readFile($fifo);
        echo "read: $data\n";
    });
    $name = "gust-dns-timeout.invalid";
    foreach ([
        'System::gethostbyname' => fn() => System::gethostbyname($name),
        'System::getaddrinfo' => fn() => System::getaddrinfo($name),
        'gethostbyname' => fn() => gethostbyname($name),
    ] as $what => $lookup) {
        $t = hrtime(true);
        $r = $lookup();
        $ms = (hrtime(true) - $t) / 1e6;
        echo $what, ": ", var_export($r, true), ", ", $ms >= 100 && $ms < 4000 ? "within the dns timeout" : "took $ms ms", "\n";
    }
    // Release the worker (the FILE hook is off: this open is PHP's own).
    $w = fopen($fifo, "w");
    fwrite($w, "released");
    fclose($w);
});
unlink($fifo);
?>
--EXPECT--
System::gethostbyname: false, within the dns timeout
System::getaddrinfo: false, within the dns timeout
gethostbyname: 'gust-dns-timeout.invalid', within the dns timeout
read: released

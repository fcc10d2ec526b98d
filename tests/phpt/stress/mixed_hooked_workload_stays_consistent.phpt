--TEST--
A mixed workload (TCP echo through hooked streams, hooked file I/O, timers, channels, WaitGroup, System::exec) over 100 coroutines completes with consistent results
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
use Swoole\Coroutine\{Channel, WaitGroup, System};
$dir = sys_get_temp_dir() . "/gust_stress_" . getmypid();
@mkdir($dir);
Co\run(function () use ($dir) {
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr);
    $port = (int)substr(strrchr(stream_socket_get_name($server, false), ":"), 1);
    go(function () use ($server) {
        while ($conn = @stream_socket_accept($server, 5)) {
            go(function () use ($conn) {
                while (($line = fgets($conn)) !== false) fwrite($conn, strtoupper($line));
                fclose($conn);
            });
        }
    });
    $wg = new WaitGroup();
    $results = new Channel(200);
    $ticks = 0;
    $timer = Swoole\Timer::tick(1, function () use (&$ticks) { $ticks++; });
    for ($i = 0; $i < 100; $i++) {
        $wg->add();
        go(function () use ($i, $port, $dir, $wg, $results) {
            $ok = true;
            $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
            for ($j = 0; $j < 5; $j++) {
                fwrite($c, "c$i-$j\n");
                $ok = $ok && fgets($c) === strtoupper("c$i-$j\n");
            }
            fclose($c);
            $file = "$dir/f$i";
            file_put_contents($file, str_repeat("$i,", 1000));
            $ok = $ok && file_get_contents($file) === str_repeat("$i,", 1000);
            unlink($file);
            if ($i % 20 === 0) $ok = $ok && System::exec("echo $i")["output"] === "$i\n";
            $results->push($ok);
            $wg->done();
        });
    }
    $wg->wait(30);
    Swoole\Timer::clear($timer);
    fclose($server);
    $good = 0;
    while (!$results->isEmpty()) $good += $results->pop() ? 1 : 0;
    echo "good: $good\n";
    var_dump($ticks > 0);
});
rmdir($dir);
echo "left: ", Coroutine::stats()['coroutine_num'], "\n";
?>
--EXPECT--
good: 100
bool(true)
left: 0

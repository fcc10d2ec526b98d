--TEST--
Coroutine\Http\Server with open_http2_protocol: streams of one connection run concurrently, each in its own coroutine; request_timeout answers one stream 503 while the others finish; a 16 MiB write() download and a sendfile() arrive whole over h2c and HTTP/1.1 keeps working on the same port
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (trim((string)shell_exec('python3 -c "import h2; print(1)" 2>/dev/null')) !== '1') die('skip Python h2 needed (tools/deps.sh installs it)');
?>
--FILE--
<?php
Co\run(function () {
    $server = new Swoole\Coroutine\Http\Server('127.0.0.1', 0);
    $server->set(['open_http2_protocol' => true, 'request_timeout' => 1]);
    $port = $server->port;
    $file = tempnam(sys_get_temp_dir(), 'coh2');
    file_put_contents($file, str_repeat('0123456789abcdef', 1 << 20));  // 16 MiB
    $chunks = function () {
        for ($i = 0; $i < 256; $i++) yield str_repeat(chr(ord('a') + $i % 26), 65536);
    };
    $want = hash_init('sha1');
    foreach ($chunks() as $c) hash_update($want, $c);
    $want = hash_final($want);
    $running = 0;
    $most = 0;
    $server->handle('/wait', function ($req, $resp) use (&$running, &$most) {
        $running++;
        $most = max($most, $running);
        Co::sleep(0.1);  // the other streams of the connection start meanwhile
        $running--;
        $resp->end('waited ' . $req->get['n'] . ' ' . $req->server['server_protocol']);
    });
    $server->handle('/late', function ($req, $resp) {
        var_dump(Co::sleep(5));  // canceled at the deadline
    });
    $server->handle('/write', function ($req, $resp) use ($chunks) {
        $ok = true;
        foreach ($chunks() as $c) $ok = $ok && $resp->write($c);
        $resp->end();
        echo "write() all accepted: ", var_export($ok, true), "\n";
    });
    $server->handle('/file', function ($req, $resp) use ($file) {
        $resp->sendfile($file);
    });
    go(function () use ($server, $port, $want, $file, &$most) {
        $paths = ['/wait?n=1', '/wait?n=2', '/wait?n=3', '/wait?n=4', '/late'];
        $out = Co\System::exec("env -u LD_PRELOAD python3 " . __DIR__ . "/../http2/h2_concurrent.py $port " . implode(' ', $paths))['output'];
        echo preg_replace('#^/late 503 .*$#m', '/late 503 (deadline)', $out);
        echo "streams at once: ", $most >= 2 ? "several" : $most, "\n";
        foreach (['/write' => $want, '/file' => sha1_file($file)] as $path => $sha) {
            $p = proc_open(['env', '-u', 'LD_PRELOAD', 'python3', __DIR__ . '/../http2/h2_download.py', (string)$port, $path],
                           [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
            fwrite($pipes[0], "go\n");
            fclose($pipes[0]);
            $got = trim(stream_get_contents($pipes[1]));
            proc_close($p);
            echo str_replace($sha, 'the sent bytes', $got), "\n";
        }
        echo Co\System::exec("env -u LD_PRELOAD curl -s --max-time 10 --http1.1 'http://127.0.0.1:$port/wait?n=h1'")['output'], "\n";
        $server->shutdown();
    });
    $server->start();
    unlink($file);
    echo "done\n";
});
?>
--EXPECT--
bool(false)
/wait?n=1 200 waited 1 HTTP/2
/wait?n=2 200 waited 2 HTTP/2
/wait?n=3 200 waited 3 HTTP/2
/wait?n=4 200 waited 4 HTTP/2
/late 503 (deadline)
streams at once: several
write() all accepted: true
/write: status=200 bytes=16777216 sha1=the sent bytes
/file: status=200 bytes=16777216 sha1=the sent bytes
waited h1 HTTP/1.1
done

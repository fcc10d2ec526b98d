--TEST--
curl_exec() in coroutines fails as plain PHP's would: a timeout against a server that never answers (errno 28, the coroutine resumes), a connection closed mid-body (18), a redirect loop past CURLOPT_MAXREDIRS (47), and a WRITEFUNCTION that throws (the exception propagates); the other coroutines keep running meanwhile
--EXTENSIONS--
gust
curl
--FILE--
<?php
require __DIR__ . '/curl_server.inc';
curl_test(function (int $port) {
    $ticks = 0;
    $stop = false;
    go(function () use (&$ticks, &$stop) {
        while (!$stop) { Co::sleep(0.01); $ticks++; }
    });

    // Never answers: CURLOPT_TIMEOUT_MS is honoured and the coroutine goes on.
    [$silent, $silentPort] = curl_silent_listener();
    $t = microtime(true);
    $ch = curl_get("http://127.0.0.1:$silentPort/", [CURLOPT_TIMEOUT_MS => 300]);
    var_dump(curl_exec($ch), curl_errno($ch));
    $e = microtime(true) - $t;
    echo "timed out after 300 ms: ", $e >= 0.29 && $e < 1.0 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
    echo "loop ran meanwhile: ", $ticks >= 10 ? 'yes' : "no ($ticks ticks)", "\n";
    fclose($silent);

    // Closed mid-body.
    $cut = curl_cut_server();
    $ch = curl_get("http://127.0.0.1:$cut/");
    var_dump(curl_exec($ch), curl_errno($ch));

    // Redirect loop.
    $ch = curl_get("http://127.0.0.1:$port/loop", [CURLOPT_FOLLOWLOCATION => true, CURLOPT_MAXREDIRS => 3]);
    var_dump(curl_exec($ch), curl_errno($ch), curl_getinfo($ch, CURLINFO_REDIRECT_COUNT));

    // A WRITEFUNCTION that throws: the exception reaches the caller; as in plain PHP (see
    // curl_outside_coroutine_behaves_as_php.phpt) ext/curl lets the transfer finish, so errno is 0.
    $ch = curl_get("http://127.0.0.1:$port/?i=w", [
        CURLOPT_WRITEFUNCTION => function ($ch, $data) { throw new RuntimeException("from the callback: $data"); },
    ]);
    try {
        $r = curl_exec($ch);
        echo "no exception\n";
    } catch (RuntimeException $ex) {
        echo get_class($ex), ': ', $ex->getMessage(), "\n";
    }
    var_dump(curl_errno($ch));

    // A WRITEFUNCTION that yields (Co::sleep) still sees every byte, in its own coroutine.
    $cid = Co::getCid();
    $got = '';
    $ch = curl_get("http://127.0.0.1:$port/?i=y", [
        CURLOPT_WRITEFUNCTION => function ($ch, $data) use (&$got, $cid) {
            Co::sleep(0.01);
            $got .= $data . (Co::getCid() === $cid ? ' (same coroutine)' : ' (other coroutine)');
            return strlen($data);
        },
    ]);
    var_dump(curl_exec($ch), $got);

    // An unreachable port: connection refused (7) at once.
    $ch = curl_get("http://127.0.0.1:$silentPort/");
    var_dump(curl_exec($ch), curl_errno($ch));
    $stop = true;
});
echo "done\n";
?>
--EXPECT--
bool(false)
int(28)
timed out after 300 ms: yes
loop ran meanwhile: yes
bool(false)
int(18)
bool(false)
int(47)
int(3)
RuntimeException: from the callback: hello w
int(0)
bool(true)
string(24) "hello y (same coroutine)"
bool(false)
int(7)
done

--TEST--
curl_exec() parked in a coroutine: Co::cancel() stops the transfer (false, CURLE_ABORTED_BY_CALLBACK, swoole_last_error() CO_CANCELED, as Swoole), and a second coroutine's curl_exec() of the same handle meanwhile fails at once with libcurl's answer for a handle inside a multi (CURLE_FAILED_INIT) while the first completes
--EXTENSIONS--
gust
curl
--FILE--
<?php
require __DIR__ . '/curl_server.inc';
curl_test(function (int $port) {
    [$silent, $silentPort] = curl_silent_listener();
    $result = null;
    $cid = go(function () use ($silentPort, &$result) {
        $ch = curl_get("http://127.0.0.1:$silentPort/", [CURLOPT_TIMEOUT => 5]);
        $result = [curl_exec($ch), curl_errno($ch), curl_error($ch), swoole_last_error() === SWOOLE_ERROR_CO_CANCELED];
    });
    Co::sleep(0.05);
    $t = microtime(true);
    var_dump(Co::cancel($cid));
    Co::sleep(0.05);
    var_dump($result, microtime(true) - $t < 1);
    fclose($silent);

    $ch = curl_get("http://127.0.0.1:$port/slow?i=s");
    $first = null;
    go(function () use ($ch, &$first) { $first = curl_exec($ch); });
    var_dump(curl_exec($ch), curl_errno($ch), curl_error($ch));
    Co::sleep(0.4);
    var_dump($first);
});
?>
--EXPECT--
bool(true)
array(4) {
  [0]=>
  bool(false)
  [1]=>
  int(42)
  [2]=>
  string(48) "Operation was aborted by an application callback"
  [3]=>
  bool(true)
}
bool(true)
bool(false)
int(2)
string(40) "easy handle already used in multi handle"
string(6) "slow s"

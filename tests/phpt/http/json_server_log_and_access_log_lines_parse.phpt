--TEST--
log_format json: the server's own log lines are JSON objects (time, level, pid, worker_id, message); access_log with access_log_format json logs each answered request with its fields, flushed when the worker ends
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$log = tempnam(sys_get_temp_dir(), 'gust_json_log');
$access = tempnam(sys_get_temp_dir(), 'gust_access_log');
http_test(function ($req, $resp) {
    if ($req->server['request_uri'] === '/missing') $resp->status(404);
    $resp->end('body of ' . $req->server['request_uri']);
}, function ($port) {
    http_get($port, '/a?x="1"', ['User-Agent' => 'phpt-agent/1', 'Referer' => 'http://ref/']);
    http_get($port, '/missing');
    // A request the reactor refuses: its log line names the bad framing.
    echo strtok(http_raw($port, "NOT AN HTTP REQUEST\r\n\r\n"), "\r\n"), "\n";
}, ['log_format' => 'json', 'log_file' => $log, 'log_level' => SWOOLE_LOG_WARNING,
    'access_log' => $access, 'access_log_format' => 'json']);

$lines = array_filter(explode("\n", file_get_contents($log)));
echo "server log lines: ", count($lines) > 0 ? "some" : "none", "\n";
foreach ($lines as $line) {
    $o = json_decode($line, true);
    if (!is_array($o)) { echo "not JSON: $line\n"; continue; }
    $ok = isset($o['time'], $o['level'], $o['pid'], $o['message']) && $o['worker_id'] === 0 && is_int($o['pid'])
        && preg_match('/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/', $o['time']);
    echo "server line: ", $ok ? "fields ok" : "bad $line", ", ", $o['level'], ", mentions the request: ",
        var_export(str_contains($o['message'], 'closing it'), true), "\n";
}
$entries = array_map(fn($l) => json_decode($l, true), array_filter(explode("\n", file_get_contents($access))));
echo "access log lines: ", count($entries), "\n";
foreach ($entries as $e) {
    echo $e['method'], ' ', $e['uri'], ' ', $e['protocol'], ' ', $e['status'], ' bytes>0:', var_export($e['bytes'] > 0, true),
        ' ua:', $e['user_agent'], ' referer:', $e['referer'], ' addr:', $e['remote_addr'], ' worker:', $e['worker_id'],
        ' duration:', var_export(is_float($e['duration']) || is_int($e['duration']), true), "\n";
}
unlink($log);
unlink($access);
?>
--EXPECT--
HTTP/1.1 400 Bad Request
server log lines: some
server line: fields ok, WARNING, mentions the request: true
access log lines: 2
GET /a?x="1" HTTP/1.1 200 bytes>0:true ua:phpt-agent/1 referer:http://ref/ addr:127.0.0.1 worker:0 duration:true
GET /missing HTTP/1.1 404 bytes>0:true ua: referer: addr:127.0.0.1 worker:0 duration:true

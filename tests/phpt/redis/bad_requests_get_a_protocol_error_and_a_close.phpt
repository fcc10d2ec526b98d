--TEST--
Swoole\Redis\Server: bad multibulk/bulk lengths, non-numeric lengths, a bulk past package_max_length, garbage and an endless line get redis' "-ERR Protocol error" and a close; a too-long command name closes with Swoole's warning; inline commands and blank lines work; the server keeps serving
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Redis\Server;
$server = new Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => SWOOLE_LOG_ERROR,
              'package_max_length' => 1024 * 1024]);
$server->setHandler('ECHO', fn ($fd, $args) => Server::format(Server::STRING, implode('|', $args)));
$warnings = [];
set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[] = $msg; return true; });
// Everything the server answers until it closes (bounded: the read times out after 5 s).
function exchange(int $port, string $bytes): string {
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    stream_set_timeout($c, 5);
    fwrite($c, $bytes);
    $got = '';
    while (!feof($c)) {
        $chunk = fread($c, 65536);
        if ($chunk === '' || $chunk === false) {
            if (stream_get_meta_data($c)['timed_out']) return $got . '<timeout>';
            continue;
        }
        $got .= $chunk;
    }
    return $got . '<closed>';
}
$server->on('workerStart', function ($s) use (&$warnings) {
    $cases = [
        'multibulk length x' => "*x\r\n",
        'negative bulk length' => "*1\r\n\$-5\r\n",
        'bulk length with spaces' => "*1\r\n\$ 4\r\nECHO\r\n",
        'not a bulk' => "*1\r\nECHO\r\n",
        'bulk not ended by CRLF' => "*1\r\n\$4\r\nECHOXY",
        'bulk past package_max_length' => "*2\r\n\$4\r\nECHO\r\n\$2000000\r\nabc",
        'endless inline line' => str_repeat('a', 70 * 1024),
        'unbalanced quotes' => "ECHO \"abc\r\n",
        'good then garbage' => "*2\r\n\$4\r\nECHO\r\n\$2\r\nok\r\n*?\r\n",
    ];
    foreach ($cases as $name => $bytes) {
        echo "$name: ", addcslashes(exchange($s->port, $bytes), "\r\n"), "\n";
    }
    echo "long command name: ", exchange($s->port, "*1\r\n\$70\r\n" . str_repeat('C', 70) . "\r\n"), "\n";
    // Inline commands (as typed into telnet), a blank line, pipelined with a multibulk one.
    $c = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($c, "echo a \"b c\" 'd'\r\n\r\n*2\r\n\$4\r\necho\r\n\$1\r\ne\r\nnope x\r\n");
    $want = "\$7\r\na|b c|d\r\n\$1\r\ne\r\n-ERR unknown command 'nope'\r\n";
    $got = '';
    while (strlen($got) < strlen($want)) $got .= fread($c, 1000);
    echo "inline: ", addcslashes($got, "\r\n"), "\n";
    foreach ($warnings as $w) echo "warning: $w\n";
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
multibulk length x: -ERR Protocol error: invalid multibulk length\r\n<closed>
negative bulk length: -ERR Protocol error: invalid bulk length\r\n<closed>
bulk length with spaces: -ERR Protocol error: invalid bulk length\r\n<closed>
not a bulk: -ERR Protocol error: expected '$', got something else\r\n<closed>
bulk not ended by CRLF: -ERR Protocol error: bulk string not terminated by CRLF\r\n<closed>
bulk past package_max_length: -ERR Protocol error: invalid bulk length\r\n<closed>
endless inline line: -ERR Protocol error: too big inline request\r\n<closed>
unbalanced quotes: -ERR Protocol error: unbalanced quotes in request\r\n<closed>
good then garbage: $2\r\nok\r\n-ERR Protocol error: invalid multibulk length\r\n<closed>
long command name: <closed>
inline: $7\r\na|b c|d\r\n$1\r\ne\r\n-ERR unknown command 'nope'\r\n
warning: Swoole\Server::start(): command [CCCCCCCC...](length=70) is too long

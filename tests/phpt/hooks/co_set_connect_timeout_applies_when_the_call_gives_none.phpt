--TEST--
Co::set() socket_connect_timeout bounds hooked connects that have no time limit of their own (default_socket_timeout=-1, socket_connect); a timeout argument wins
--EXTENSIONS--
gust
sockets
--INI--
default_socket_timeout=-1
--FILE--
<?php
// A listening socket with a full accept queue drops new SYNs (Linux), so a connect to it can
// only end by timing out. Backlog 0 holds one connection: one filler fills it.
function full_server() {
    $ctx = stream_context_create(['socket' => ['backlog' => 0]]);
    $server = stream_socket_server("tcp://127.0.0.1:0", $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN, $ctx);
    $addr = stream_socket_get_name($server, false);
    $filler = stream_socket_client("tcp://$addr", $errno, $errstr, 5);
    // The listening socket turns readable once the filler sits in the accept queue.
    $r = [$server]; $w = $e = null;
    var_dump(stream_select($r, $w, $e, 5));
    return [$server, $filler, $addr];
}
function ms_since($t) { return (hrtime(true) - $t) / 1e6; }
Co::set(['socket_connect_timeout' => 0.2]);
Co\run(function () {
    [$server, $filler, $addr] = full_server();
    // No timeout argument and default_socket_timeout=-1: PHP gives the transport no time limit,
    // so Co::set()'s default applies.
    $t = hrtime(true);
    $c = @stream_socket_client("tcp://$addr", $errno, $errstr);
    $ms = ms_since($t);
    var_dump($c, $errno, $ms >= 100 && $ms < 5000);
    // An explicit timeout wins over the default.
    Co::set(['socket_connect_timeout' => 30]);
    $t = hrtime(true);
    $c = @stream_socket_client("tcp://$addr", $errno, $errstr, 0.2);
    $ms = ms_since($t);
    var_dump($c, $errno, $ms >= 100 && $ms < 5000);
    // The sockets extension (a Coroutine\Socket under the hook): socket_connect_timeout bounds it.
    Co::set(['socket_connect_timeout' => 0.2]);
    $s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    [$host, $port] = explode(':', $addr);
    $t = hrtime(true);
    var_dump(socket_connect($s, $host, (int)$port));
    $ms = ms_since($t);
    var_dump(socket_last_error($s) === SOCKET_ETIMEDOUT, $ms >= 100 && $ms < 5000);
});
?>
--EXPECT--
int(1)
bool(false)
int(110)
bool(true)
bool(false)
int(110)
bool(true)
bool(false)
bool(true)
bool(true)

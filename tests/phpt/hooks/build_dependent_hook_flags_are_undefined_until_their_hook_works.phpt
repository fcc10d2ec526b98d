--TEST--
Hook flags Swoole defines only in builds with that support (PDO drivers) are undefined while Gust has no such hook: defined() does not lie; SWOOLE_HOOK_NATIVE_CURL exists (the hook is built with libcurl's headers) and SWOOLE_HOOK_ALL includes it
--EXTENSIONS--
gust
--FILE--
<?php
foreach (['SWOOLE_HOOK_PDO_PGSQL', 'SWOOLE_HOOK_PDO_ODBC', 'SWOOLE_HOOK_PDO_ORACLE'] as $c) {
    echo $c, ': ', defined($c) ? 'defined' : 'undefined', "\n";
}
// Those of every Swoole build stay, with Swoole's values; SWOOLE_HOOK_ALL holds only implemented hooks.
var_dump(SWOOLE_HOOK_CURL, SWOOLE_HOOK_STDIO, (SWOOLE_HOOK_ALL & ~(0x7fffffff ^ SWOOLE_HOOK_CURL)) === 0);
var_dump(SWOOLE_HOOK_NATIVE_CURL, (SWOOLE_HOOK_ALL & SWOOLE_HOOK_NATIVE_CURL) === SWOOLE_HOOK_NATIVE_CURL);
?>
--EXPECT--
SWOOLE_HOOK_PDO_PGSQL: defined
SWOOLE_HOOK_PDO_ODBC: undefined
SWOOLE_HOOK_PDO_ORACLE: undefined
int(2048)
int(32768)
bool(true)
int(4096)
bool(true)

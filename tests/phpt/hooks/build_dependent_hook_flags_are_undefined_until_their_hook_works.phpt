--TEST--
Hook flags Swoole defines only in builds with that support (native curl, PDO drivers) are undefined while Gust has no such hook: defined() does not lie
--EXTENSIONS--
gust
--FILE--
<?php
foreach (['SWOOLE_HOOK_NATIVE_CURL', 'SWOOLE_HOOK_PDO_PGSQL', 'SWOOLE_HOOK_PDO_ODBC', 'SWOOLE_HOOK_PDO_ORACLE'] as $c) {
    echo $c, ': ', defined($c) ? 'defined' : 'undefined', "\n";
}
// Those of every Swoole build stay, with Swoole's values; SWOOLE_HOOK_ALL holds only implemented hooks.
var_dump(SWOOLE_HOOK_CURL, SWOOLE_HOOK_STDIO, (SWOOLE_HOOK_ALL & ~(0x7fffffff ^ SWOOLE_HOOK_CURL)) === 0);
?>
--EXPECT--
SWOOLE_HOOK_NATIVE_CURL: undefined
SWOOLE_HOOK_PDO_PGSQL: undefined
SWOOLE_HOOK_PDO_ODBC: undefined
SWOOLE_HOOK_PDO_ORACLE: undefined
int(2048)
int(32768)
bool(true)

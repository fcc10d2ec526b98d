--TEST--
Hook flags Swoole defines only in builds with that support (native curl, PDO drivers) are undefined while Gust has no such hook: defined() does not lie
--EXTENSIONS--
gust
--FILE--
<?php
foreach (['SWOOLE_HOOK_NATIVE_CURL', 'SWOOLE_HOOK_PDO_PGSQL', 'SWOOLE_HOOK_PDO_ODBC', 'SWOOLE_HOOK_PDO_ORACLE',
          'SWOOLE_HOOK_PDO_SQLITE'] as $c) {
    echo $c, ': ', defined($c) ? 'defined' : 'undefined', "\n";
}
// Those of every Swoole build stay, with Swoole's values.
var_dump(SWOOLE_HOOK_CURL, SWOOLE_HOOK_ALL === (0x7fffffff ^ SWOOLE_HOOK_CURL));
?>
--EXPECT--
SWOOLE_HOOK_NATIVE_CURL: undefined
SWOOLE_HOOK_PDO_PGSQL: defined
SWOOLE_HOOK_PDO_ODBC: undefined
SWOOLE_HOOK_PDO_ORACLE: undefined
SWOOLE_HOOK_PDO_SQLITE: undefined
int(2048)
bool(true)

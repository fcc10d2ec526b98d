--TEST--
php --ri gust (phpinfo of the module) lists the hook areas compiled in with the flags each serves
--EXTENSIONS--
gust
--FILE--
<?php
ob_start();
(new ReflectionExtension('gust'))->info();
$info = ob_get_clean();
preg_match('/^Runtime hooks => (.*)$/m', $info, $m) or die("no 'Runtime hooks' row:\n$info");
$areas = explode('; ', $m[1]);
sort($areas);
echo implode("\n", $areas), "\n";
// Every flag named there is on in SWOOLE_HOOK_ALL, and every flag of SWOOLE_HOOK_ALL is named
// (but SWOOLE_HOOK_CURL, which Swoole keeps out of SWOOLE_HOOK_ALL).
preg_match_all('/SWOOLE_HOOK_[A-Z_]+/', $m[1], $names);
$listed = 0;
foreach ($names[0] as $n) $listed |= constant($n);
var_dump(($listed & ~SWOOLE_HOOK_CURL) === SWOOLE_HOOK_ALL);
?>
--EXPECTF--
%A
pdo_sqlite (SWOOLE_HOOK_PDO_SQLITE)
%A
sleep (SWOOLE_HOOK_SLEEP)
%A
bool(true)

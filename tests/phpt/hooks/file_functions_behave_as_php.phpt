--TEST--
SWOOLE_HOOK_FILE: file functions inside coroutines give PHP's results and warnings (same output with the hook off)
--EXTENSIONS--
gust
--FILE--
<?php
function scenario(string $d) {
    var_dump(mkdir($d), mkdir($d), is_dir($d));
    $f = "$d/a.txt";
    var_dump(file_put_contents($f, "hello\nworld\n"), file_put_contents($f, "more\n", FILE_APPEND));
    var_dump(file_get_contents($f), file($f, FILE_IGNORE_NEW_LINES));
    $h = fopen($f, "r+");
    var_dump(fgets($h), ftell($h), fseek($h, 6), fread($h, 5), feof($h), fread($h, 100), feof($h));
    var_dump(fstat($h)["size"], filesize($f), is_file($f), file_exists("$d/none"));
    var_dump(ftruncate($h, 3), fflush($h), rewind($h), fwrite($h, "XY"), fread($h, 10));
    $m = stream_get_meta_data($h);
    var_dump($m["wrapper_type"], $m["stream_type"], $m["seekable"], $m["blocked"]);
    fclose($h);
    clearstatcache();
    var_dump(filesize($f), file_get_contents($f));
    var_dump(touch("$d/t"), rename("$d/t", "$d/u"), scandir($d), copy($f, "$d/c"), file_get_contents("$d/c"));
    $dh = opendir($d);
    $names = [];
    while (($e = readdir($dh)) !== false) $names[] = $e;
    sort($names);
    rewinddir($dh);
    var_dump(implode(",", $names), readdir($dh) !== false);
    closedir($dh);
    var_dump(chmod($f, 0600), fileperms($f) & 0777);
    var_dump(mkdir("$d/x/y", 0777, true), rmdir("$d/x/y"), rmdir("$d/x"));
    var_dump(unlink("$d/u"), unlink("$d/c"), unlink($f), rmdir($d));
    var_dump(fopen("$d/none", "r"), fopen("$d/none", "z"), file_get_contents("$d/none"), file("$d/none"));
    var_dump(unlink("$d/none"), rmdir("$d/none"), rename("$d/none", "$d/none2"), opendir("$d/none"), scandir("$d/none"));
    var_dump(filesize("$d/none"), filemtime("$d/none"), touch("$d/none/x"));
    $status = file_get_contents("/proc/self/status");  // size 0 in stat, content all the same
    var_dump(filesize("/proc/self/status"), str_contains($status, "Pid:"));
}
$d = sys_get_temp_dir() . "/gust_file_php_" . getmypid();
$runs = [];
foreach ([SWOOLE_HOOK_ALL, 0] as $flags) {
    Co::set(['hook_flags' => $flags]);
    Co\run(function () use ($d, &$runs) {
        ob_start();
        scenario($d);
        $runs[] = ob_get_clean();
    });
}
var_dump($runs[0] === $runs[1]);
echo str_replace($d, "DIR", $runs[0]);
?>
--EXPECTF--
bool(true)

Warning: mkdir(): File exists in %s on line %d
bool(true)
bool(false)
bool(true)
int(12)
int(5)
string(17) "hello
world
more
"
array(3) {
  [0]=>
  string(5) "hello"
  [1]=>
  string(5) "world"
  [2]=>
  string(4) "more"
}
string(6) "hello
"
int(6)
int(0)
string(5) "world"
bool(false)
string(6) "
more
"
bool(true)
int(17)
int(17)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
int(2)
string(1) "l"
string(9) "plainfile"
string(5) "STDIO"
bool(true)
bool(true)
int(3)
string(3) "XYl"
bool(true)
bool(true)
array(4) {
  [0]=>
  string(1) "."
  [1]=>
  string(2) ".."
  [2]=>
  string(5) "a.txt"
  [3]=>
  string(1) "u"
}
bool(true)
string(3) "XYl"
string(14) ".,..,a.txt,c,u"
bool(true)
bool(true)
int(384)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)

Warning: fopen(DIR/none): Failed to open stream: No such file or directory in %s on line %d

Warning: fopen(DIR/none): Failed to open stream: `z' is not a valid mode for fopen in %s on line %d

Warning: file_get_contents(DIR/none): Failed to open stream: No such file or directory in %s on line %d

Warning: file(DIR/none): Failed to open stream: No such file or directory in %s on line %d
bool(false)
bool(false)
bool(false)
bool(false)

Warning: unlink(DIR/none): No such file or directory in %s on line %d

Warning: rmdir(DIR/none): No such file or directory in %s on line %d

Warning: rename(DIR/none,DIR/none2): No such file or directory in %s on line %d

Warning: opendir(DIR/none): Failed to open directory: No such file or directory in %s on line %d

Warning: scandir(DIR/none): Failed to open directory: No such file or directory in %s on line %d

Warning: scandir(): (errno 2): No such file or directory in %s on line %d
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)

Warning: filesize(): stat failed for DIR/none in %s on line %d

Warning: filemtime(): stat failed for DIR/none in %s on line %d

Warning: touch(): Unable to create file DIR/none/x because No such file or directory in %s on line %d
bool(false)
bool(false)
bool(false)
int(0)
bool(true)

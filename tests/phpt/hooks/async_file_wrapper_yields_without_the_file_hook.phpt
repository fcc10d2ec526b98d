--TEST--
async.file://PATH (Swoole's wrapper) sends file work to the worker pool inside coroutines even with SWOOLE_HOOK_FILE off, so other coroutines run meanwhile; the same path without the scheme does not yield; outside a coroutine it is the plain file wrapper
--EXTENSIONS--
gust
--FILE--
<?php
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL & ~SWOOLE_HOOK_FILE);
$file = tempnam(sys_get_temp_dir(), 'gust-async-file-');
$data = str_repeat("0123456789abcdef", 4096);
var_dump(file_put_contents("async.file://$file", $data));  // outside a coroutine: plain
Co\run(function () use ($file, $data) {
    foreach (["async.file://$file", $file] as $path) {
        $order = [];
        $wg = new Swoole\Coroutine\WaitGroup(2);
        go(function () use ($path, &$order, $data, $wg) {
            $order[] = 'read starts';
            $fp = fopen($path, 'r');
            $got = '';
            while (!feof($fp)) $got .= fread($fp, 8192);
            fclose($fp);
            $order[] = 'read ends ' . ($got === $data ? 'whole' : 'wrong');
            $wg->done();
        });
        go(function () use (&$order, $wg) { $order[] = 'other coroutine'; $wg->done(); });
        $wg->wait();
        echo str_starts_with($path, 'async') ? 'async.file: ' : 'plain path: ', implode(', ', $order), "\n";
    }
    var_dump(file_exists("async.file://$file"), filesize("async.file://$file"));
    var_dump(file_put_contents("async.file://$file.2", 'x'), file_get_contents("async.file://$file.2"));
    var_dump(rename("async.file://$file.2", "async.file://$file.3"), unlink("async.file://$file.3"));
    var_dump(@fopen("async.file://$file.missing", 'r'));
});
unlink($file);
?>
--EXPECT--
int(65536)
async.file: read starts, other coroutine, read ends whole
plain path: read starts, read ends whole, other coroutine
bool(true)
int(65536)
int(1)
string(1) "x"
bool(true)
bool(true)
bool(false)

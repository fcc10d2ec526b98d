--TEST--
fclose() of a hooked file while another coroutine's read of it runs on the worker pool waits for that read to finish before PHP frees the stream
--EXTENSIONS--
gust
--FILE--
<?php
$file = sys_get_temp_dir() . "/gust_close_read_" . getmypid();
file_put_contents($file, str_repeat("line\n", 20000));
Co\run(function () use ($file) {
    $f = fopen($file, 'r');
    go(function () use ($f) {
        $line = fgets($f);            // parks while a worker reads
        var_dump($line);
        try { fgets($f); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }  // closed meanwhile
    });
    var_dump(fclose($f));
    var_dump(is_resource($f));
});
unlink($file);
?>
--EXPECT--
string(5) "line
"
fgets(): supplied resource is not a valid stream resource
bool(true)
bool(false)

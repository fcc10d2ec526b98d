--TEST--
multipart/form-data: fields in post, files (basename only, nested names) in temp files that move_uploaded_file() accepts and that are removed after the request
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$dir = sys_get_temp_dir() . '/gust-upload-' . getmypid();
@mkdir($dir);
$kept = [];
http_test(function ($req, $resp) use ($dir, &$kept) {
    var_dump($req->post);
    foreach ($req->files as $k => $f) {
        if (isset($f['tmp_name'])) {
            printf("%s: name=%s type=%s size=%d error=%d content=%s uploaded=%d\n", $k, $f['name'], $f['type'], $f['size'],
                   $f['error'], json_encode(file_get_contents($f['tmp_name'])), is_uploaded_file($f['tmp_name']));
        }
    }
    foreach ($req->files['doc'] as $i => $f) printf("doc[%d]: %s %d\n", $i, $f['name'], $f['size']);
    var_dump(count($req->tmpfiles), str_starts_with($req->tmpfiles[0], $dir . '/swoole.upfile.'));
    $kept = $req->tmpfiles;
    var_dump(move_uploaded_file($req->files['a']['tmp_name'], "$dir/moved"), file_get_contents("$dir/moved"));
    $resp->end('ok');
}, function ($port) use ($dir, &$kept) {
    $b = 'XyZ';
    $body = "--$b\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue 1\r\n"
          . "--$b\r\nContent-Disposition: form-data; name=\"arr[]\"\r\n\r\nx\r\n"
          . "--$b\r\nContent-Disposition: form-data; name=\"a\"; filename=\"C:\\\\Users\\\\me\\\\..\\\\evil.txt\"\r\nContent-Type: text/plain\r\n\r\nline1\r\n--Xy partial boundary\r\n"
          . "--$b\r\nContent-Disposition: form-data; name=\"b\"; filename=\"../../etc/passwd\"\r\nContent-Type: application/octet-stream\r\n\r\n\0\1\2\r\n"
          . "--$b\r\nContent-Disposition: form-data; name=\"doc[]\"; filename=\"one.bin\"\r\n\r\n1\r\n"
          . "--$b\r\nContent-Disposition: form-data; name=\"doc[]\"; filename=\"two.bin\"\r\n\r\n22\r\n"
          . "--$b--\r\n";
    $r = http_get($port, '/up', ['Content-Type' => "multipart/form-data; boundary=$b"], 'POST', $body);
    echo $r['status'], ' ', $r['body'], "\n";
    clearstatcache();
    foreach ($kept as $f) if (file_exists($f)) echo "left behind: $f\n";
    $bad = http_get($port, '/up', ['Content-Type' => "multipart/form-data; boundary=$b"], 'POST', "--$b\r\nno header\r\n");
    echo $bad['status'], "\n";
}, ['upload_tmp_dir' => $dir]);
@unlink("$dir/moved");
var_dump(glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
array(2) {
  ["field"]=>
  string(7) "value 1"
  ["arr"]=>
  array(1) {
    [0]=>
    string(1) "x"
  }
}
a: name=evil.txt type=text/plain size=28 error=0 content="line1\r\n--Xy partial boundary" uploaded=1
b: name=passwd type=application/octet-stream size=3 error=0 content="\u0000\u0001\u0002" uploaded=1
doc[0]: one.bin 1
doc[1]: two.bin 2
int(4)
bool(true)
bool(true)
string(28) "line1
--Xy partial boundary"
200 ok
400
array(0) {
}

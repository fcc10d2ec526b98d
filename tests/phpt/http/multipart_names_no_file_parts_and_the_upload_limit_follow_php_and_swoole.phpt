--TEST--
multipart: file field names are registered as PHP does ("test.jpg" -> "test_jpg"), a part without a file gives UPLOAD_ERR_NO_FILE, an empty file is kept; uploads are bounded by upload_max_filesize (413 without a body beyond it) while other bodies keep package_max_length
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $out = [];
    foreach ($req->files ?? [] as $k => $f) {
        $out[] = sprintf("%s: name=%s type=%s size=%d error=%d tmp=%s", $k, $f['name'], $f['type'], $f['size'], $f['error'],
                         $f['tmp_name'] === '' ? 'none' : 'file');
    }
    $resp->end(implode("\n", $out) ?: 'no files, body ' . strlen($req->getContent()));
}, function ($port) {
    $b = 'Bnd';
    $part = fn($name, $file, $type, $data) => "--$b\r\nContent-Disposition: form-data; name=\"$name\"; filename=\"$file\"\r\n"
        . "Content-Type: $type\r\n\r\n$data\r\n";
    $body = $part('test.jpg', 'test.jpg', 'image/jpeg', 'JPEG')
          . $part(' a b.c', 'x.txt', 'text/plain', 'x')
          . $part('empty', 'empty.txt', 'text/plain', '')
          . $part('none', '', 'application/octet-stream', '')
          . "--$b--\r\n";
    $type = ['Content-Type' => "multipart/form-data; boundary=$b"];
    $r = http_get($port, '/', $type, 'POST', $body);
    echo $r['status'], "\n", $r['body'], "\n";
    // 6000 bytes: over package_max_length (4096) but within upload_max_filesize (8192).
    $big = $part('f', 'big.bin', 'application/octet-stream', str_repeat('z', 6000)) . "--$b--\r\n";
    $r = http_get($port, '/', $type, 'POST', $big);
    echo $r['status'], "\n", $r['body'], "\n";
    // The same length as a plain body is over package_max_length.
    $r = http_get($port, '/', ['Content-Type' => 'application/octet-stream'], 'POST', str_repeat('z', 6000));
    echo $r['status'], " body ", json_encode($r['body']), "\n";
    // Over upload_max_filesize: 413, and no body with it.
    $huge = $part('f', 'huge.bin', 'application/octet-stream', str_repeat('z', 9000)) . "--$b--\r\n";
    $r = http_get($port, '/', $type, 'POST', $huge);
    echo $r['status'], " body ", json_encode($r['body']), " length ", $r['headers']['content-length'], "\n";
}, ['package_max_length' => 4096, 'upload_max_filesize' => 8192]);
?>
--EXPECT--
200
test_jpg: name=test.jpg type=image/jpeg size=4 error=0 tmp=file
a_b_c: name=x.txt type=text/plain size=1 error=0 tmp=file
empty: name=empty.txt type=text/plain size=0 error=0 tmp=file
none: name= type= size=0 error=4 tmp=none
200
f: name=big.bin type=application/octet-stream size=6000 error=0 tmp=file
413 body ""
413 body "" length 0

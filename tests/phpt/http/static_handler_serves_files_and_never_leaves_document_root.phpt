--TEST--
Static handler: files with their type, index files, autoindex, locations (a missing file under one is a 404), 304; never a byte from outside document_root (.., encoded and double-encoded dots, %00, symlinks)
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$base = sys_get_temp_dir() . '/gust-static-' . getmypid();
$root = "$base/root";
@mkdir("$root/static/sub", 0777, true);
@mkdir("$root/static/listme", 0777, true);
file_put_contents("$base/secret.txt", "SECRET");
file_put_contents("$root/static/a.css", "body{}");
file_put_contents("$root/static/sub/index.html", "<p>index</p>");
file_put_contents("$root/static/listme/x<y>.txt", "x");
file_put_contents("$root/static/%2e%2e", "literal name");
symlink("$base/secret.txt", "$root/static/link.txt");
symlink($base, "$root/static/up");
http_test(function ($req, $resp) {
    $resp->end('php:' . $req->server['request_uri']);
}, function ($port) {
    $paths = ['/static/a.css', '/static/sub/', '/static/listme/', '/static/missing.css', '/other.css',
              '/static/../../secret.txt', '/static/%2e%2e/%2e%2e/secret.txt', '/static/%252e%252e', '/static/a.css%00.png',
              '/static/link.txt', '/static/up/secret.txt', '/static/sub/..%2f..%2f..%2fsecret.txt', '/static\\..\\secret.txt'];
    foreach ($paths as $p) {
        $r = http_get($port, $p);
        printf("%-42s %d %-10s %s\n", $p, $r['status'], $r['headers']['content-type'] ?? '-',
               str_contains($r['body'], 'SECRET') ? 'LEAKED' : json_encode(substr($r['body'], 0, 60)));
    }
    $r = http_get($port, '/static/a.css');
    $again = http_get($port, '/static/a.css', ['If-Modified-Since' => $r['headers']['last-modified']]);
    echo "conditional: ", $again['status'], " ", json_encode($again['body']), "\n";
    $head = http_get($port, '/static/a.css', [], 'HEAD');
    echo "HEAD: ", $head['status'], " ", $head['headers']['content-length'], "\n";
}, ['enable_static_handler' => true, 'document_root' => $root, 'static_handler_locations' => ['/static'],
    'http_index_files' => ['index.html'], 'http_autoindex' => true]);
exec('rm -rf ' . escapeshellarg($base));
?>
--EXPECT--
/static/a.css                              200 text/css   "body{}"
/static/sub/                               200 text/html  "<p>index<\/p>"
/static/listme/                            200 text/html  "<html><head><title>Index of \/static\/listme\/<\/title><\/head><b"
/static/missing.css                        404 text/html  "<h1>404 Not Found<\/h1>"
/other.css                                 200 text/html  "php:\/other.css"
/static/../../secret.txt                   400 text/plain "Bad Request\n"
/static/%2e%2e/%2e%2e/secret.txt           400 text/plain "Bad Request\n"
/static/%252e%252e                         200 application/octet-stream "literal name"
/static/a.css%00.png                       400 text/plain "Bad Request\n"
/static/link.txt                           403 text/plain "Forbidden\n"
/static/up/secret.txt                      403 text/plain "Forbidden\n"
/static/sub/..%2f..%2f..%2fsecret.txt      400 text/plain "Bad Request\n"
/static\..\secret.txt                      200 text/html  "php:\/static\\..\\secret.txt"
conditional: 304 ""
HEAD: 200 6

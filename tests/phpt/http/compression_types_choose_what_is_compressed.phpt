--TEST--
http_compression_types: only the media types listed are compressed (matched without parameters, in any case); without the setting, the built-in text/JSON/XML types are
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!function_exists('gzdecode')) die('skip zlib extension (gzdecode) not loaded'); ?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$text = str_repeat("Gust compresses this line.\n", 200);
$types = ['/html' => 'text/html', '/json' => 'Application/JSON; charset=utf-8', '/raw' => 'text/raw', '/png' => 'image/png'];
$handler = function ($req, $resp) use ($text, $types) {
    $resp->header('Content-Type', $types[$req->server['request_uri']]);
    $resp->end($text);
};
$check = function ($port) use ($types) {
    foreach (array_keys($types) as $path) {
        echo $path, ': ', http_get($port, $path, ['Accept-Encoding' => 'gzip'])['headers']['content-encoding'] ?? 'none', "\n";
    }
};
http_test($handler, $check, ['http_compression_types' => ['text/html', 'application/json', 'image/png']]);
echo "-- default\n";
http_test($handler, $check, []);
?>
--EXPECT--
/html: gzip
/json: gzip
/raw: none
/png: gzip
-- default
/html: gzip
/json: gzip
/raw: gzip
/png: none

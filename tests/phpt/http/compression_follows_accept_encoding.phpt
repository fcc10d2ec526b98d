--TEST--
http_compression: gzip, deflate and br chosen by Accept-Encoding q-values, for compressible types over compression_min_length; write() streams compressed chunks
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
http_test(function ($req, $resp) use ($text) {
    $uri = $req->server['request_uri'];
    if ($uri === '/short') { $resp->end('tiny'); return; }
    if ($uri === '/png') { $resp->header('Content-Type', 'image/png'); $resp->end($text); return; }
    if ($uri === '/stream') { $resp->write(substr($text, 0, 2000)); $resp->write(substr($text, 2000)); $resp->end(); return; }
    $resp->end($text);
}, function ($port) use ($text) {
    $decode = ['gzip' => 'gzdecode', 'deflate' => 'gzuncompress', 'br' => null, '' => fn($s) => $s];
    foreach (['gzip', 'deflate', 'gzip;q=0.2, deflate;q=0.9', 'br', 'identity', '*;q=0', ''] as $ae) {
        $r = http_get($port, '/', $ae === '' ? [] : ['Accept-Encoding' => $ae]);
        $enc = $r['headers']['content-encoding'] ?? '';
        $f = $decode[$enc];
        $ok = $f ? ($f($r['body']) === $text) : (strlen($r['body']) < strlen($text));
        printf("%-28s -> %-8s %s vary=%s smaller=%s\n", json_encode($ae), $enc ?: 'none', $ok ? 'decodes' : 'WRONG',
               $r['headers']['vary'] ?? '-', strlen($r['body']) < strlen($text) ? 'yes' : 'no');
    }
    foreach (['/short', '/png'] as $p) {
        echo $p, ': ', http_get($port, $p, ['Accept-Encoding' => 'gzip'])['headers']['content-encoding'] ?? 'none', "\n";
    }
    $r = http_get($port, '/stream', ['Accept-Encoding' => 'gzip']);
    echo '/stream: ', $r['headers']['content-encoding'], ' ', $r['headers']['transfer-encoding'], ' ', gzdecode($r['body']) === $text ? 'decodes' : 'WRONG', "\n";
}, ['http_compression_level' => 6]);
?>
--EXPECT--
"gzip"                       -> gzip     decodes vary=Accept-Encoding smaller=yes
"deflate"                    -> deflate  decodes vary=Accept-Encoding smaller=yes
"gzip;q=0.2, deflate;q=0.9"  -> deflate  decodes vary=Accept-Encoding smaller=yes
"br"                         -> br       decodes vary=Accept-Encoding smaller=yes
"identity"                   -> none     decodes vary=- smaller=no
"*;q=0"                      -> none     decodes vary=- smaller=no
""                           -> none     decodes vary=- smaller=no
/short: none
/png: none
/stream: gzip chunked decodes

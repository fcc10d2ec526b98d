--TEST--
Ambiguous or malformed framing (smuggling attempts) gets 400/413/417/431/414/505 and a close; onRequest never runs for it
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$reached = 0;
http_test(function ($req, $resp) use (&$reached) {
    $reached++;
    $resp->end('reached');
}, function ($port) use (&$reached) {
    $cases = [
        'CL + TE' => "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        'two CL' => "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        'CL list' => "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1, 1\r\n\r\na",
        'signed CL' => "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +1\r\n\r\na",
        'TE not chunked last' => "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n",
        'TE obfuscated' => "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n",
        'space before colon' => "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n",
        'obs-fold' => "GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n",
        'bare LF' => "GET / HTTP/1.1\nHost: x\n\n",
        'NUL in value' => "GET / HTTP/1.1\r\nHost: x\r\nX: a\0b\r\n\r\n",
        'bad chunk size' => "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n",
        'chunk size overflow' => "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff1\r\n",
        'unknown expectation' => "GET / HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n",
        'HTTP/2.0 line' => "GET / HTTP/2.0\r\nHost: x\r\n\r\n",
        'huge header' => "GET / HTTP/1.1\r\nHost: x\r\nX: " . str_repeat('a', 20000) . "\r\n\r\n",
        'huge target' => "GET /" . str_repeat('a', 20000) . " HTTP/1.1\r\nHost: x\r\n\r\n",
        'body over limit' => "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n",
    ];
    foreach ($cases as $name => $bytes) {
        $raw = http_raw($port, $bytes);
        echo str_pad($name, 22), strtok($raw, "\r\n"), ' | ', str_contains($raw, "Connection: close") ? 'close' : 'open', "\n";
    }
    var_dump($reached);
    // A valid request after all that: the server is fine.
    echo http_get($port, '/ok')['body'], "\n";
}, ['package_max_length' => 4096]);
?>
--EXPECT--
CL + TE               HTTP/1.1 400 Bad Request | close
two CL                HTTP/1.1 400 Bad Request | close
CL list               HTTP/1.1 400 Bad Request | close
signed CL             HTTP/1.1 400 Bad Request | close
TE not chunked last   HTTP/1.1 400 Bad Request | close
TE obfuscated         HTTP/1.1 400 Bad Request | close
space before colon    HTTP/1.1 400 Bad Request | close
obs-fold              HTTP/1.1 400 Bad Request | close
bare LF               HTTP/1.1 400 Bad Request | close
NUL in value          HTTP/1.1 400 Bad Request | close
bad chunk size        HTTP/1.1 400 Bad Request | close
chunk size overflow   HTTP/1.1 400 Bad Request | close
unknown expectation   HTTP/1.1 417 Expectation Failed | close
HTTP/2.0 line         HTTP/1.1 505 HTTP Version Not Supported | close
huge header           HTTP/1.1 431 Request Header Fields Too Large | close
huge target           HTTP/1.1 414 URI Too Long | close
body over limit       HTTP/1.1 413 Content Too Large | close
int(0)
reached

--TEST--
open_http2_protocol (PROCESS): downloads larger than the connection's output buffer (write() chunks, sendfile()) wait in the server (the handler parks) while the client does not read, and arrive whole once it does
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (trim((string)shell_exec('python3 -c "import h2; print(1)" 2>/dev/null')) !== '1') die('skip Python h2 needed (tools/deps.sh installs it)');
?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/download.inc';
h2_download_test(SWOOLE_PROCESS);
?>
--EXPECT--
bool(true)
bool(true)
/write: status=200 bytes=16777216 sha1=the sent bytes
bool(true)
/file: status=200 bytes=16777216 sha1=the sent bytes

--TEST--
The global functions of Swoole 6.1 that Gust adds: async settings, process name, local addresses, hashes, MIME table, partial decoding, VM lookups, name resolvers
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(swoole_async_set(['socket_dontwait' => 1, 'disable_dns_cache' => true]));
var_dump(swoole_set_process_name('gust-identity-test'));
var_dump(is_array(swoole_get_local_ip()), is_array(swoole_get_local_mac()));
var_dump(!isset(swoole_get_local_ip()['lo']));
foreach (swoole_get_local_mac() as $mac) {
    if (!preg_match('/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/', $mac)) echo "bad mac $mac\n";
}

// Jenkins one-at-a-time: the published vector for "a"; type 0 is PHP's own string hash.
var_dump(swoole_hashcode('a', 1) === 0xca2e9442);
var_dump(swoole_hashcode('key') === swoole_hashcode('key'), swoole_hashcode('key') !== swoole_hashcode('kez'));

var_dump(swoole_mime_type_get('a/b/INDEX.HTML'), swoole_get_mime_type('x.unknownsuffix'));
var_dump(swoole_mime_type_exists('x.gustx'), swoole_mime_type_add('gustx', 'application/x-gust'));
var_dump(swoole_mime_type_add('gustx', 'application/other'), swoole_mime_type_get('f.gustx'), swoole_mime_type_exists('f.GUSTX'));
swoole_mime_type_set('gustx', 'application/x-gust2');
var_dump(swoole_mime_type_get('f.gustx'), in_array('application/x-gust2', swoole_mime_type_list(), true));
var_dump(swoole_mime_type_delete('gustx'), swoole_mime_type_delete('gustx'), swoole_mime_type_exists('f.gustx'));
var_dump(swoole_mime_type_delete('html'), swoole_mime_type_get('index.html'));

var_dump(swoole_substr_json_decode('xx{"a":[1,2]}yy', 2, 11, true));
var_dump(swoole_substr_json_decode('--{"a":1}', 2)->a);
$s = serialize(['k' => 'v']);
var_dump(swoole_substr_unserialize("pad$s", 3, strlen($s)));
var_dump(swoole_substr_unserialize('abc', 10));

$o = new stdClass;
var_dump(swoole_get_object_by_handle(spl_object_id($o)) === $o, swoole_get_object_by_handle(1 << 30));
var_dump(swoole_get_objects()[spl_object_id($o)] === $o);
$vm = swoole_get_vm_status();
var_dump($vm['object_num'] >= 1, array_keys($vm));

class FixedResolver { public function lookup(string $name): ?string { return $name === 'db.test' ? '10.1.2.3' : null; } }
$r = new FixedResolver;
var_dump(swoole_name_resolver_add($r), swoole_name_resolver_lookup('db.test', new Swoole\NameResolver\Context()));
var_dump(swoole_name_resolver_lookup('localhost', new Swoole\NameResolver\Context()));
var_dump(swoole_name_resolver_remove($r), swoole_name_resolver_remove($r), swoole_name_resolver_lookup('db.test', new Swoole\NameResolver\Context()));

swoole_clear_dns_cache();
var_dump(swoole_internal_call_user_shutdown_begin());
var_dump(SWOOLE_IOV_MAX, SWOOLE_CORO_MAX_NUM_LIMIT === PHP_INT_MAX, [SWOOLE_CORO_INIT, SWOOLE_CORO_WAITING, SWOOLE_CORO_RUNNING, SWOOLE_CORO_END]);
var_dump([SWOOLE_IPC_NONE, SWOOLE_IPC_UNIXSOCK, SWOOLE_IPC_MSGQUEUE, SWOOLE_IPC_SOCKET, SWOOLE_IPC_UNSOCK, SWOOLE_IPC_PREEMPTIVE]);

Co\run(function () {
    var_dump(swoole_async_dns_lookup_coro('localhost'));
    $file = tempnam(sys_get_temp_dir(), 'gust');
    var_dump(Swoole\Coroutine::writeFile($file, 'via Coroutine'), Swoole\Coroutine::readFile($file));
    unlink($file);
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(9) "text/html"
string(24) "application/octet-stream"
bool(false)
bool(true)
bool(false)
string(18) "application/x-gust"
bool(true)
string(19) "application/x-gust2"
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
string(24) "application/octet-stream"
array(1) {
  ["a"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
int(1)
array(1) {
  ["k"]=>
  string(1) "v"
}
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(10) "object_num"
  [1]=>
  string(12) "resource_num"
}
bool(true)
string(8) "10.1.2.3"
string(9) "127.0.0.1"
bool(true)
bool(false)
string(7) "db.test"
bool(true)
int(1024)
bool(true)
array(4) {
  [0]=>
  int(0)
  [1]=>
  int(1)
  [2]=>
  int(2)
  [3]=>
  int(3)
}
array(6) {
  [0]=>
  int(0)
  [1]=>
  int(1)
  [2]=>
  int(2)
  [3]=>
  int(3)
  [4]=>
  int(1)
  [5]=>
  int(3)
}
string(9) "127.0.0.1"
int(13)
string(13) "via Coroutine"

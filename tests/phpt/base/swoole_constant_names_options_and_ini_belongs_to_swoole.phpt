--TEST--
Swoole\Constant names event and option strings (configs written with it load); the swoole.* ini entries belong to the module swoole
--EXTENSIONS--
gust
--INI--
swoole.display_errors=0
--FILE--
<?php
use Swoole\Constant;

$settings = [
    Constant::OPTION_WORKER_NUM => 2,
    Constant::OPTION_ENABLE_COROUTINE => true,
    Constant::OPTION_MAX_REQUEST => 100,
    Constant::OPTION_OPEN_TCP_NODELAY => true,
    Constant::OPTION_SOCKET_BUFFER_SIZE => 1 << 20,
    Constant::OPTION_BUFFER_OUTPUT_SIZE => 1 << 20,
    Constant::OPTION_PACKAGE_MAX_LENGTH => 1 << 21,
    Constant::OPTION_HOOK_FLAGS => SWOOLE_HOOK_ALL,
];
print_r(array_keys($settings));
var_dump(Constant::EVENT_WORKER_START, Constant::EVENT_BEFORE_HANDSHAKE_RESPONSE, Constant::EVENT_PIPE_MESSAGE);
// Every constant is its string's name: EVENT_/OPTION_ + the value in upper snake case.
$bad = 0;
foreach ((new ReflectionClass(Constant::class))->getConstants() as $name => $value) {
    $expect = (str_starts_with($name, 'EVENT_') ? 'EVENT_' : 'OPTION_')
        . strtoupper(preg_replace('/(?<!^)[A-Z]/', '_$0', $value));
    if ($expect !== $name) { echo "mismatch: $name = $value\n"; $bad++; }
}
var_dump($bad, count((new ReflectionClass(Constant::class))->getConstants()) > 200);
$server = new Swoole\Server('127.0.0.1', 0);
var_dump($server->set($settings));

$ini = ini_get_all('swoole');
var_dump($ini['swoole.use_shortname']['local_value'], $ini['swoole.display_errors']['local_value']);
var_dump(ini_get_all('gust'));
var_dump((new ReflectionExtension('swoole'))->getINIEntries());
?>
--EXPECT--
Array
(
    [0] => worker_num
    [1] => enable_coroutine
    [2] => max_request
    [3] => open_tcp_nodelay
    [4] => socket_buffer_size
    [5] => buffer_output_size
    [6] => package_max_length
    [7] => hook_flags
)
string(11) "workerStart"
string(23) "beforeHandshakeResponse"
string(11) "pipeMessage"
int(0)
bool(true)
bool(true)
string(1) "1"
string(1) "0"
array(0) {
}
array(2) {
  ["swoole.display_errors"]=>
  string(1) "0"
  ["swoole.use_shortname"]=>
  string(1) "1"
}

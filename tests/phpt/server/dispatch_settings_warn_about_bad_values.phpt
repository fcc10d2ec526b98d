--TEST--
dispatch_mode outside 1-10, dispatch_mode 6 without dispatch_func, and a dispatch_func that is not callable are refused with a warning when the server starts
--EXTENSIONS--
gust
--FILE--
<?php
// No receive callback: start() stops right after reading the settings (with its own warning).
foreach ([['dispatch_mode' => 11], ['dispatch_mode' => 0], ['dispatch_mode' => -3],
          ['dispatch_mode' => SWOOLE_DISPATCH_USERFUNC]] as $settings) {
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set($settings);
    var_dump($server->start());
}
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
$server->set(['dispatch_func' => 'no_such_function']);
$server->on('receive', function () {});
var_dump($server->start());
$server->set(['dispatch_func' => 42]);
var_dump($server->start());
?>
--EXPECTF--
Warning: Swoole\Server::start(): dispatch_mode 11 is not a dispatch mode (1 to 10); using 2 (SWOOLE_DISPATCH_FDMOD) in %s on line %d

Warning: Swoole\Server::start(): require onReceive callback in %s on line %d
bool(false)

Warning: Swoole\Server::start(): dispatch_mode 0 is not a dispatch mode (1 to 10); using 2 (SWOOLE_DISPATCH_FDMOD) in %s on line %d

Warning: Swoole\Server::start(): require onReceive callback in %s on line %d
bool(false)

Warning: Swoole\Server::start(): dispatch_mode -3 is not a dispatch mode (1 to 10); using 2 (SWOOLE_DISPATCH_FDMOD) in %s on line %d

Warning: Swoole\Server::start(): require onReceive callback in %s on line %d
bool(false)

Warning: Swoole\Server::start(): dispatch_mode 6 (SWOOLE_DISPATCH_USERFUNC) needs dispatch_func; using 2 (SWOOLE_DISPATCH_FDMOD) in %s on line %d

Warning: Swoole\Server::start(): require onReceive callback in %s on line %d
bool(false)

Warning: Swoole\Server::start(): dispatch_func is not callable: function "no_such_function" not found or invalid function name in %s on line %d
bool(false)

Warning: Swoole\Server::start(): dispatch_func is not callable: no array or string given in %s on line %d
bool(false)

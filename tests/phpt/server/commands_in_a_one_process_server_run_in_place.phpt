--TEST--
Server::addCommand()/command(): Swoole's constants, refusals before start(), and a one-process BASE server running its handlers in place
--EXTENSIONS--
gust
--FILE--
<?php
foreach (['MASTER', 'REACTOR_THREAD', 'EVENT_WORKER', 'WORKER', 'TASK_WORKER', 'MANAGER'] as $kind) {
    echo $kind, ' ', constant("SWOOLE_SERVER_COMMAND_$kind"), "\n";
}
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
var_dump($server->addCommand('echo', SWOOLE_SERVER_COMMAND_REACTOR_THREAD, fn() => ''));
var_dump($server->addCommand('echo', 0, fn() => ''));
var_dump($server->addCommand('echo', SWOOLE_SERVER_COMMAND_MASTER | SWOOLE_SERVER_COMMAND_EVENT_WORKER,
    fn($server, $data) => json_encode(['got' => json_decode($data, true), 'pid' => getmypid()])));
var_dump($server->addCommand('echo', SWOOLE_SERVER_COMMAND_MASTER, fn() => ''));  // the name is taken
var_dump($server->addCommand('number', SWOOLE_SERVER_COMMAND_MASTER, fn() => 42));
var_dump($server->command('echo', 0, SWOOLE_SERVER_COMMAND_MASTER, 1));  // not running yet
$server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
$server->on('workerStart', function ($server) {
    $r = $server->command('echo', 0, SWOOLE_SERVER_COMMAND_MASTER, ['a' => 1]);
    echo 'master: ', json_encode($r['got']), ' in this process: ', var_export($r['pid'] === getmypid(), true), "\n";
    var_dump($server->command('echo', 0, SWOOLE_SERVER_COMMAND_EVENT_WORKER, 'x', false) ===
             json_encode(['got' => 'x', 'pid' => getmypid()]));
    var_dump($server->command('echo', 1, SWOOLE_SERVER_COMMAND_EVENT_WORKER, 'x'));  // no worker 1
    var_dump($server->command('echo', 0, SWOOLE_SERVER_COMMAND_TASK_WORKER, 'x'));   // not accepted
    var_dump($server->command('nothing', 0, SWOOLE_SERVER_COMMAND_MASTER, 'x'));     // unknown
    var_dump($server->command('number', 0, SWOOLE_SERVER_COMMAND_MASTER, 'x'));
    var_dump($server->addCommand('late', SWOOLE_SERVER_COMMAND_MASTER, fn() => ''));
    $server->shutdown();
});
$server->on('receive', function () {});
$server->start();
echo "done\n";
?>
--EXPECTF--
MASTER 2
REACTOR_THREAD 4
EVENT_WORKER 8
WORKER 8
TASK_WORKER 16
MANAGER 32

Warning: Swoole\Server::addCommand(): reactor threads cannot run command handlers in %s on line %d
bool(false)

Warning: Swoole\Server::addCommand(): invalid accepted_process_types 0 in %s on line %d
bool(false)
bool(true)
bool(false)
bool(true)
[%s]	NOTICE	command(echo): the server is not running
bool(false)
master: {"a":1} in this process: true
bool(true)

Warning: Swoole\Server::command(): no process of type 8 with id 1 in %s on line %d
bool(false)
bool(false)
bool(false)
array(2) {
  ["code"]=>
  int(-2)
  ["data"]=>
  string(%d) "%s"
}

Warning: Swoole\Server::addCommand(): commands must be added before the server starts in %s on line %d
bool(false)
done

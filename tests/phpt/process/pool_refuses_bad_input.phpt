--TEST--
Swoole\Process\Pool refuses bad input with clear errors: worker_num, ipc type and queue key (ValueError), unknown events, listen() on a pool without SWOOLE_IPC_SOCKET, start() without listen() or (SWOOLE_IPC_SOCKET) without 'message', calls that need a started pool or a worker, start() in a coroutine, a second start()
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Process\Pool;

foreach ([fn() => new Pool(0), fn() => new Pool(1, 9), fn() => new Pool(1, SWOOLE_IPC_MSGQUEUE, 0)] as $make) {
    try { $make(); } catch (ValueError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
$pool = new Pool(1);
var_dump($pool->on('nope', fn() => 1));
var_dump($pool->listen('127.0.0.1', 1234));
var_dump($pool->getProcess(0), $pool->write('x'), $pool->sendMessage('x', 0), $pool->detach(), $pool->shutdown());

$s = new Pool(1, SWOOLE_IPC_SOCKET);
$s->on('message', fn() => 1);
var_dump($s->start());
var_dump($s->listen('not-an-address', 1));
$q = new Pool(1, SWOOLE_IPC_SOCKET);
var_dump($q->listen('127.0.0.1', 0));
var_dump($q->start());

Swoole\Coroutine\run(function () {
    $p = new Pool(1);
    var_dump($p->start());
});

// start() inside its own worker is refused; once the pool has ended it may start again.
$once = new Pool(1);
$once->on('workerStart', function (Pool $p) {
    var_dump($p->start());
    $p->shutdown();
});
var_dump($once->start());
var_dump($once->start());
?>
--EXPECTF--
ValueError: Swoole\Process\Pool::__construct(): Argument #1 ($worker_num) must be between 1 and 65535
ValueError: Swoole\Process\Pool::__construct(): Argument #2 ($ipc_type) must be SWOOLE_IPC_NONE, SWOOLE_IPC_UNIXSOCK, SWOOLE_IPC_MSGQUEUE or SWOOLE_IPC_SOCKET
ValueError: Swoole\Process\Pool::__construct(): Argument #3 ($msgqueue_key) must be a positive SysV key with SWOOLE_IPC_MSGQUEUE

Warning: Swoole\Process\Pool::on(): unknown event 'nope' (workerStart, workerStop, message, start, shutdown) in %s on line %d
bool(false)

Warning: Swoole\Process\Pool::listen(): listen() needs a pool made with SWOOLE_IPC_SOCKET in %s on line %d
bool(false)

Warning: Swoole\Process\Pool::getProcess(): the pool has not been started in %s on line %d

Warning: Swoole\Process\Pool::write(): write() answers a message of SWOOLE_IPC_SOCKET, inside 'message' in %s on line %d

Warning: Swoole\Process\Pool::sendMessage(): sendMessage() needs a started pool made with SWOOLE_IPC_UNIXSOCK in %s on line %d

Warning: Swoole\Process\Pool::detach(): detach() is for a worker of the pool, once in %s on line %d

Warning: Swoole\Process\Pool::shutdown(): the pool is not running in %s on line %d
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)

Warning: Swoole\Process\Pool::start(): SWOOLE_IPC_SOCKET needs listen() before start() in %s on line %d
bool(false)

Warning: Swoole\Process\Pool::listen(): cannot listen on not-an-address:1: Invalid argument in %s on line %d
bool(false)
bool(true)

Warning: Swoole\Process\Pool::start(): SWOOLE_IPC_SOCKET needs a 'message' callback (on('message', ...)) in %s on line %d
bool(false)

Warning: Swoole\Process\Pool::start(): a Process\Pool cannot be started inside a coroutine in %s on line %d
bool(false)

Warning: Swoole\Process\Pool::start(): this pool is running in %s on line %d
bool(false)
NULL

Warning: Swoole\Process\Pool::start(): this pool is running in %s on line %d
bool(false)
NULL

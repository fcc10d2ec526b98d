--TEST--
Server::finish() in onTask with task_enable_coroutine is a fatal error pointing to Task::finish(), as in Swoole; the task worker dies (its server log has the error too) and onWorkerError reports it
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the objects it abandons on a fatal error under USE_ZEND_ALLOC=0.
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'task_worker_num' => 1, 'task_enable_coroutine' => true, 'log_level' => 5]);
$server->on('receive', function () {});
$server->on('workerStart', function ($s, $id) {
    if ($id === 0) $s->task('job');
});
$server->on('task', function ($s, Swoole\Server\Task $task) {
    $s->finish('done');
    echo "never here\n";
});
$server->on('finish', function () {});
$server->on('workerError', function ($s, $id) {
    echo "worker error: task worker ", $id === 1 ? "yes" : "no", "\n";
    $s->shutdown();
});
$server->start();
echo "stopped\n";
?>
--EXPECTF--
Fatal error: Swoole\Server::finish(): please use Swoole\Server\Task->finish instead when task_enable_coroutine is enable in %s on line %d
[%s]	ERROR	php_swoole_server_rshutdown() (ERRNO 503): Fatal error: Swoole\Server::finish(): please use Swoole\Server\Task->finish instead when task_enable_coroutine is enable in %s on line %d
worker error: task worker yes
stopped

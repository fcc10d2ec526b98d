--TEST--
Swoole\Table: one created before Server::start() is shared without a word; one created after the server started (in a worker) gets a warning that no other process sees it, and still works in its own process
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$before = new Swoole\Table(64);
$before->column('n', Swoole\Table::TYPE_INT);
var_dump($before->create());
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
$server->on('receive', function () {});
$server->on('workerStart', function ($s) {
    $after = new Swoole\Table(64);
    $after->column('n', Swoole\Table::TYPE_INT);
    var_dump($after->create());
    $after->set('k', ['n' => 7]);
    var_dump($after->get('k', 'n'));
    $s->shutdown();
});
$server->start();
$late = new Swoole\Table(64);  // the server has ended: no warning
$late->column('n', Swoole\Table::TYPE_INT);
var_dump($late->create());
?>
--EXPECTF--
bool(true)

Warning: Swoole\Table::create(): the table is created after the server (or pool) started: it is not shared with its other processes; create it before start() in %s on line %d
bool(true)
int(7)
bool(true)

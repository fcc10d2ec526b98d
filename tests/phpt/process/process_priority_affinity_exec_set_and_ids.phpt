--TEST--
Swoole\Process: setPriority()/getPriority() (PRIO_* and errors), setAffinity()/getAffinity(), exec() in a child with redirected stdio and a failing exec(), set(['enable_coroutine']), $id counting objects, $callback, the class constants
--EXTENSIONS--
gust
posix
--FILE--
<?php
use Swoole\Process;

var_dump(Process::IPC_NOWAIT, Process::PIPE_MASTER, Process::PIPE_WORKER, Process::PIPE_READ, Process::PIPE_WRITE);

$p = new Process(fn() => null, false, 0);
$q = new Process(fn() => null, false, 0);
var_dump($q->id - $p->id);
$r = new ReflectionProperty(Process::class, 'callback');
$r->setAccessible(true);
var_dump($r->getValue($p) instanceof Closure);

// priority: the calling process by default (who = null and PRIO_PROCESS)
$before = $p->getPriority(PRIO_PROCESS);
var_dump($p->setPriority(PRIO_PROCESS, min(19, $before + 1)), $p->getPriority(PRIO_PROCESS) === min(19, $before + 1));
var_dump($p->getPriority(PRIO_PROCESS, posix_getpid()) === min(19, $before + 1));
var_dump($p->getPriority(-1000, posix_getpid()), swoole_last_error() === 22 /* EINVAL */);
var_dump(@$p->getPriority(PRIO_USER, null), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);
var_dump(@$p->setPriority(PRIO_USER, 5, null), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);

// affinity
$cpus = Process::getAffinity();
var_dump(is_array($cpus) && count($cpus) >= 1);
var_dump(Process::setAffinity([$cpus[0]]), Process::getAffinity() === [$cpus[0]]);
var_dump(Process::setAffinity($cpus));
var_dump(@Process::setAffinity([]), @Process::setAffinity([-1]), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);

// exec(): the child becomes /bin/sh; its stdin/stdout are the pipe
$e = new Process(function (Process $self) {
    $self->exec('/bin/sh', ['-c', 'read line; echo "sh got $line"']);
}, true);
$e->start();
$e->write("hello\n");
echo $e->read();
Process::wait(true);
var_dump(@$p->exec('/nonexistent/binary', []), swoole_last_error() === 2 /* ENOENT */);

// set(): enable_coroutine for the next start()
$c = new Process(function (Process $self) {
    $self->write("cid " . Swoole\Coroutine::getCid());
}, false, 2);
$c->set(['enable_coroutine' => true]);
$c->start();
echo $c->read(), "\n";
Process::wait(true);
?>
--EXPECT--
int(2048)
int(1)
int(2)
int(3)
int(4)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
sh got hello
bool(false)
bool(true)
cid 1

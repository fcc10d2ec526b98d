--TEST--
Swoole\Process::useQueue()/push()/pop()/statQueue()/freeQueue(): a SysV queue shared with the child; IPC_NOWAIT pops fail at once on an empty queue; calls before useQueue(), bad modes and oversized messages warn
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Process;

$p = new Process(function (Process $p) {
    $got = $p->pop();
    $p->push("child read: $got");
}, false, 0);
var_dump(@$p->push('x'), swoole_last_error() === SWOOLE_ERROR_WRONG_OPERATION);
var_dump(@$p->pop(), @$p->statQueue(), @$p->freeQueue());
var_dump(@$p->useQueue(0, 5), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);

var_dump($p->useQueue(ftok(__FILE__, 'q')));
var_dump(is_int($p->msgQueueId), $p->msgQueueKey === ftok(__FILE__, 'q'));
var_dump($p->push("one"), $p->push("two!"));
var_dump($p->statQueue());
var_dump($p->pop(), $p->pop());
var_dump(@$p->push(str_repeat('x', 65537)), @$p->push(''));

$pid = $p->start();
$p->push("hello");
// The child answers on the same queue: wait for its exit first, so the parent does not read its
// own message back.
$st = Process::wait(true);
var_dump($st['pid'] === $pid, $st['code']);
var_dump($p->pop());
var_dump($p->freeQueue());

$q = new Process(fn() => null, false, 0);
$q->useQueue(ftok(__FILE__, 'r'), 2 | Process::IPC_NOWAIT);
var_dump($q->pop(), swoole_last_error() === 42 /* ENOMSG */);
$q->freeQueue();
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  ["queue_num"]=>
  int(2)
  ["queue_bytes"]=>
  int(7)
}
string(3) "one"
string(4) "two!"
bool(false)
bool(false)
bool(true)
int(0)
string(17) "child read: hello"
bool(true)
bool(false)
bool(true)

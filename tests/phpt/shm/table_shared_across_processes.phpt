--TEST--
Swoole\Table is shared by forked processes: a child's set() and del() are seen by the parent and the parent's by the child; a destroy() in the parent makes the child's next use a Swoole\Error
--EXTENSIONS--
gust
--FILE--
<?php
$t = new Swoole\Table(128);
$t->column('v', Swoole\Table::TYPE_INT);
$t->column('s', Swoole\Table::TYPE_STRING, 32);
$t->create();
$t->set('parent', ['v' => 1, 's' => 'from parent']);
$step = new Swoole\Atomic(0);
$pid = pcntl_fork();
if ($pid === 0) {
    $ok = $t->get('parent', 's') === 'from parent';
    $t->set('child', ['v' => 2, 's' => 'from child']);
    $t->del('parent');
    $step->wakeup();  // 1: the parent may look; it sets 2 after destroy()
    $deadline = microtime(true) + 10;
    while ($step->get() !== 2 && microtime(true) < $deadline) usleep(1000);
    try { $t->get('child'); $ok = false; } catch (Swoole\Error $e) { $ok = $ok && $e->getMessage() === 'table is not created or has been destroyed'; }
    exit($ok ? 0 : 1);
}
$step->wait(10);
var_dump($t->get('child'), $t->exists('parent'), count($t));
$t->destroy();
$step->set(2);
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
?>
--EXPECT--
array(2) {
  ["v"]=>
  int(2)
  ["s"]=>
  string(10) "from child"
}
bool(false)
int(1)
int(0)

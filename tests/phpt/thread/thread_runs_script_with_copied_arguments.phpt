--TEST--
Swoole\Thread runs a script in a new thread with its own PHP request: the arguments arrive as copies (scalars, strings, nested arrays), the child sees none of the parent's globals, functions or classes, getArguments() is null in the main thread, STDIN/STDOUT/STDERR exist as in the CLI, exit() gives the exit status, and join() waits for the end
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP'); ?>
--FILE--
<?php
use Swoole\Thread;
$args = Thread::getArguments();
if ($args === null) {
    function parent_only() {}
    $GLOBALS['parent_global'] = 1;
    $nested = ['a' => [1, 2.5, true, null, "x\0y"], 7 => 'seven'];
    $t = new Thread(__FILE__, 42, 'str', $nested);
    $ids = [$t->id !== 0, $t->id !== Thread::getId()];  // printed after join: the child prints meanwhile
    var_dump($t->join(), $t->getExitStatus(), $t->isAlive(), $t->joinable(), ...$ids);
    $nested['a'][0] = 'changed after start';
    echo "main: info ", json_encode(Thread::getInfo()), "\n";
} else {
    echo "child: args ", json_encode($args), " binary ", bin2hex($args[2]['a'][4]), "\n";
    echo "child: parent function ", var_export(function_exists('parent_only'), true),
        ", global ", var_export(isset($GLOBALS['parent_global']), true), "\n";
    echo "child: info ", json_encode(Thread::getInfo()), "\n";
    fwrite(STDOUT, "child: STDOUT is defined\n");
    exit(7);
}
?>
--EXPECT--
child: args [42,"str",{"a":[1,2.5,true,null,"x\u0000y"],"7":"seven"}] binary 780079
child: parent function false, global false
child: info {"is_main_thread":false,"thread_num":2}
child: STDOUT is defined
bool(true)
int(7)
bool(false)
bool(false)
bool(true)
bool(true)
main: info {"is_main_thread":true,"thread_num":1}

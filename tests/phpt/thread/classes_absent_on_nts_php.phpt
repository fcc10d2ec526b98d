--TEST--
Swoole\Thread on a PHP that is not thread-safe: neither the class nor its containers exist (as Swoole registers them only on ZTS builds), so code can test for them with class_exists()
--EXTENSIONS--
gust
--SKIPIF--
<?php if (PHP_ZTS) die('skip this PHP is thread-safe'); ?>
--FILE--
<?php
foreach (['Swoole\Thread', 'Swoole\Thread\Map', 'Swoole\Thread\ArrayList', 'Swoole\Thread\Queue',
          'Swoole\Thread\Lock', 'Swoole\Thread\Atomic', 'Swoole\Thread\Atomic\Long', 'Swoole\Thread\Barrier'] as $c) {
    echo $c, ': ', var_export(class_exists($c), true), "\n";
}
?>
--EXPECT--
Swoole\Thread: false
Swoole\Thread\Map: false
Swoole\Thread\ArrayList: false
Swoole\Thread\Queue: false
Swoole\Thread\Lock: false
Swoole\Thread\Atomic: false
Swoole\Thread\Atomic\Long: false
Swoole\Thread\Barrier: false

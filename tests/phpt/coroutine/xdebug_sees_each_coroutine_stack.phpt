--TEST--
Xdebug (develop mode) keeps one call stack per coroutine: xdebug_get_function_stack() shows the coroutine's frames
--EXTENSIONS--
gust
--SKIPIF--
<?php
if (!is_file('/usr/lib/php/20220829/xdebug.so')) die('skip Xdebug is not installed at /usr/lib/php/20220829/xdebug.so');
if (PHP_ZTS) die("skip Debian's Xdebug is built for its non-thread-safe PHP, not this ZTS one");
?>
--INI--
zend_extension=/usr/lib/php/20220829/xdebug.so
xdebug.mode=develop
--FILE--
<?php
function inner() { return implode(" > ", array_map(fn($f) => $f["function"], xdebug_get_function_stack())); }
function outer() { return inner(); }
Co\run(function () {
    $cid = go(function () {
        echo "child: ", outer(), "\n";
        Co::yield();
        echo "child again: ", outer(), "\n";
    });
    echo "main: ", outer(), "\n";
    Co::resume($cid);
    $f = new Fiber(function () { Fiber::suspend(); echo "fiber: ", outer(), "\n"; });
    $f->start();
    go(function () use ($f) { $f->resume(); });
});
echo "top: ", outer(), "\n";
?>
--EXPECTF--
child: {fiber:%s} > {closure:%s:5-9} > outer > inner
main: {fiber:%s} > {closure:%s:4-15} > outer > inner
child again: {fiber:%s} > {closure:%s:5-9} > outer > inner
fiber: {fiber:%s} > {closure:%s:12-12} > outer > inner
top: {main} > outer > inner

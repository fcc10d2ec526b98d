--TEST--
When a finished timer or a removed event held the last reference to an object, its destructor runs between loop iterations, and a fatal error there ends the script cleanly
--EXTENSIONS--
gust
--ENV--
ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:abort_on_error=0:exitcode=66
--FILE--
<?php
// detect_leaks=0: PHP itself leaks the frames it abandons on any bailout under USE_ZEND_ALLOC=0
class D {
    function __construct(public bool $fatal) {}
    function cb() { echo "timer callback\n"; }
    function __destruct() {
        echo "destructor, in coroutine: ", Co::getCid() > 0 ? "yes" : "no", "\n";
        if ($this->fatal) trigger_error("fatal in destructor", E_USER_ERROR);
    }
}
register_shutdown_function(function () { echo "shutdown function\n"; });
Co::set(['exit_condition' => function () { return false; }]);
Co\run(function () {
    Swoole\Timer::after(1, [new D(false), 'cb']);
    Co::sleep(0.01);
    echo "next\n";
    Swoole\Timer::after(1, [new D(true), 'cb']);
});
echo "never\n";
?>
--EXPECTF--
timer callback
destructor, in coroutine: no
next
timer callback
destructor, in coroutine: no

Fatal error: fatal in destructor in %s on line %d
shutdown function

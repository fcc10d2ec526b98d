--TEST--
go() called by a __destruct that the request's shutdown runs is a fatal error "can not use coroutine in __destruct after php_request_shutdown", as in Swoole; a destructor run before the shutdown may start coroutines
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
class Starter {
    function __construct(public string $name) {}
    function __destruct() {
        echo "destruct {$this->name}\n";
        go(function () { echo "coroutine of {$this->name}\n"; });
    }
}
$early = new Starter("early");
$early = null;
$late = new Starter("late");
echo "script end\n";
?>
--EXPECTF--
destruct early
coroutine of early
script end
destruct late

Fatal error: go(): can not use coroutine in __destruct after php_request_shutdown in %s on line 6

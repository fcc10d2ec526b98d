--TEST--
Coroutines still suspended when run() ends stay suspended, as in Swoole: the script goes on, their objects live until the request's shutdown calls their destructors, and no finally block runs
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
Co::set(["enable_deadlock_check" => false]);  // the banner is deadlock_names_waiting_coroutines.phpt's
class D { function __construct(public int $n) {} function __destruct() { echo "destruct {$this->n}\n"; } }
Co\run(function () {
    go(function () { $d = new D(1); Co::yield(); echo "never\n"; });
    go(function () { $d = new D(2); try { Co::yield(); } finally { echo "never finally\n"; } });
    echo "run ends\n";
});
echo "after run\n";
go(function () { $d = new D(3); echo "outside run\n"; Co::yield(); });
echo "script end\n";
?>
--EXPECT--
run ends
after run
outside run
script end
destruct 1
destruct 2
destruct 3

--TEST--
System::readFile/writeFile/exec/waitPid/wait/gethostbyname/getaddrinfo/statvfs work inside coroutines while others run
--EXTENSIONS--
gust
sockets
--FILE--
<?php
use Swoole\Coroutine\System;
$file = sys_get_temp_dir() . "/gust_system_" . getmypid() . ".txt";
Co\run(function () use ($file) {
    // exec parks: a coroutine created meanwhile runs before it returns.
    $seen = false;
    go(function () use (&$seen) { $seen = true; });
    $r = System::exec("printf out; exit 3", false);
    var_dump($r["code"], $r["signal"], $r["output"]);
    $r = System::exec("printf out; printf err >&2", true);
    var_dump($r["output"]);
    var_dump(System::writeFile($file, "hello "), System::writeFile($file, "world", FILE_APPEND | LOCK_EX));
    var_dump(System::readFile($file), System::readFile($file, LOCK_EX));
    var_dump(@System::readFile($file . ".missing"));
    $st = System::statvfs("/");
    var_dump($st["bsize"] > 0, isset($st["namemax"]));
    var_dump(System::gethostbyname("localhost"), System::gethostbyname("127.0.0.1"), System::dnsLookup("localhost"));
    var_dump(System::getaddrinfo("localhost"), System::gethostbyname("::1", AF_INET6));
    // A name outside /etc/hosts goes to the resolver on a worker thread (offline it fails): the
    // coroutine parks, so the code after go() runs before the answer.
    $done = new Swoole\Coroutine\Channel(1);
    go(function () use ($done) {
        echo "lookup starts\n";
        var_dump(System::gethostbyname("gust-no-such-host.invalid"));
        $done->push(true);
    });
    echo "another coroutine ran meanwhile\n";
    $done->pop();
    // A child that exits on its own: waitPid gets its status, wait() the next one's.
    $p = proc_open(["sh", "-c", "exit 5"], [], $pipes);
    $pid = proc_get_status($p)["pid"];
    $w = System::waitPid($pid, 5);
    var_dump($w["pid"] === $pid, $w["code"]);
    $p2 = proc_open(["sh", "-c", "kill -TERM \$\$"], [], $pipes);
    $pid2 = proc_get_status($p2)["pid"];
    $w = System::wait(5);
    var_dump($w["pid"] === $pid2, $w["signal"]);
    var_dump(System::waitPid(getmypid() + 100000, 0.01));
    var_dump(System::sleep(0.001), $seen);
});
unlink($file);
?>
--EXPECT--
int(3)
int(0)
string(3) "out"
string(6) "outerr"
int(6)
int(5)
string(11) "hello world"
string(11) "hello world"
bool(false)
bool(true)
bool(true)
string(9) "127.0.0.1"
string(9) "127.0.0.1"
string(9) "127.0.0.1"
array(1) {
  [0]=>
  string(9) "127.0.0.1"
}
string(3) "::1"
lookup starts
another coroutine ran meanwhile
bool(false)
bool(true)
int(5)
bool(true)
int(15)
bool(false)
bool(true)
bool(true)

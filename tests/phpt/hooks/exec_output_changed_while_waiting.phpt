--TEST--
Hooked exec() fills $output as it is when the command ends, even if another coroutine replaced it meanwhile
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $out = ["kept"];
    $copy = null;
    $done = new Swoole\Coroutine\Channel(1);
    go(function () use (&$out, $done) { exec("sleep 0.05; echo hi; echo there", $out, $code); var_dump($code); $done->push(1); });
    go(function () use (&$out, &$copy) { $copy = $out; $out = 12345; });   // runs while exec waits
    $done->pop();
    var_dump($out, $copy);
});
?>
--EXPECT--
int(0)
array(2) {
  [0]=>
  string(2) "hi"
  [1]=>
  string(5) "there"
}
array(1) {
  [0]=>
  string(4) "kept"
}

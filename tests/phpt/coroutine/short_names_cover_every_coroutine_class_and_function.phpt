--TEST--
With swoole.use_shortname on (the default): go(), defer(), Co\run(), Co\go(), Co\defer(), chan/Chan and Co\X for every Swoole\Coroutine\X class
--EXTENSIONS--
gust
--FILE--
<?php
foreach (['Channel', 'System', 'WaitGroup', 'Barrier', 'Context', 'Iterator', 'CanceledException', 'Http\Client', 'Http\ClientProxy', 'Http\Client\Exception'] as $c) {
    if ((new ReflectionClass("Co\\$c"))->getName() !== "Swoole\\Coroutine\\$c") echo "Co\\$c is wrong\n";
}
var_dump((new ReflectionClass('Co'))->getName(), (new ReflectionClass('chan'))->getName(), (new ReflectionClass('Chan'))->getName());
var_dump(SWOOLE_USE_SHORTNAME);
Co\run(function () {
    $ch = new chan(4);
    go(function () use ($ch) { defer(function () use ($ch) { $ch->push('defer'); }); $ch->push('go'); });
    Co\go(function () use ($ch) { Co\defer(function () use ($ch) { $ch->push('Co\defer'); }); });
    Swoole\Coroutine\go(function () use ($ch) { $ch->push('Swoole\Coroutine\go'); });
    for ($i = 0; $i < 4; $i++) echo $ch->pop(), "\n";
    $wg = new Co\WaitGroup();
    $wg->add();
    go(function () use ($wg) { Co::sleep(0.001); $wg->done(); });
    var_dump($wg->wait(1));
    var_dump(Co\System::gethostbyname('localhost'));
});
?>
--EXPECT--
string(16) "Swoole\Coroutine"
string(24) "Swoole\Coroutine\Channel"
string(24) "Swoole\Coroutine\Channel"
bool(true)
go
defer
Co\defer
Swoole\Coroutine\go
bool(true)
string(9) "127.0.0.1"

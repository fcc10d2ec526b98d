--TEST--
Coroutine\Channel: a value buffered in a channel that refers back to the channel is collected by gc_collect_cycles()
--EXTENSIONS--
gust
--FILE--
<?php
class Holder {
    public $chan;
    public function __destruct() { echo "holder destroyed\n"; }
}
Co\run(function () {
    $chan = new Swoole\Coroutine\Channel(2);
    $holder = new Holder();
    $holder->chan = $chan;
    $chan->push($holder);
    echo "buffered: ", $chan->length(), "\n";
    unset($chan, $holder);
    $collected = gc_collect_cycles();
    echo "collected: ", $collected >= 2 ? "yes" : "no", "\n";
});
echo "done\n";
?>
--EXPECT--
buffered: 1
holder destroyed
collected: yes
done

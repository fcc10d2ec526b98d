--TEST--
Exceptions caught inside a coroutine, finally blocks and destructors run in order
--EXTENSIONS--
gust
--FILE--
<?php
class D { function __construct(public string $n) {} function __destruct() { echo "destruct {$this->n}\n"; } }
Co\run(function () {
    go(function () {
        $d = new D("outer");
        try {
            $e = new D("inner");
            Co::sleep(0.001);
            throw new RuntimeException("boom");
        } catch (RuntimeException $ex) {
            echo "caught ", $ex->getMessage(), "\n";
        } finally {
            echo "finally\n";
        }
        unset($e);
        echo "end of coroutine\n";
    });
    echo "main\n";
});
echo "done\n";
?>
--EXPECT--
main
caught boom
finally
destruct inner
end of coroutine
destruct outer
done

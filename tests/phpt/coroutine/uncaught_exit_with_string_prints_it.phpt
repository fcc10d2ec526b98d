--TEST--
An uncaught exit("text") inside a coroutine prints the text and ends the script, as exit() does outside
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    echo "before\n";
    exit("goodbye\n");
});
echo "never\n";
?>
--EXPECT--
before
goodbye

--TEST--
go() outside Co\run starts at once; the rest runs when the script ends (event wait at shutdown)
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
go(function () { echo "a starts\n"; Co::sleep(0.002); echo "a ends\n"; });
go(function () { echo "b starts\n"; Co::sleep(0.001); echo "b ends\n"; });
echo "script end\n";
?>
--EXPECT--
a starts
b starts
script end
b ends
a ends

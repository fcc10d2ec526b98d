--TEST--
An exception thrown by exit_condition ends the loop and is raised from Co\run() once, as an uncaught error
--EXTENSIONS--
gust
--FILE--
<?php
Co::set(['exit_condition' => function () { undefined_function_here(); }]);
Co\run(function () { go(function () { Co::sleep(0.01); }); });
echo "never\n";
?>
--EXPECTF--
Fatal error: Uncaught Error: Call to undefined function undefined_function_here() in %s:%d
Stack trace:
#0 [internal function]: {closure}()
#1 %s(%d): Co\run(Object(Closure))
#2 {main}
  thrown in %s on line %d

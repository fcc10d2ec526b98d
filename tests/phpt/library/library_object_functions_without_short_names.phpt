--TEST--
swoole_string()/swoole_array(): declared with swoole.use_shortname off, the short names _string()/_mbstring()/_array() not; the class loads at the first call
--EXTENSIONS--
gust
--INI--
swoole.use_shortname=Off
--FILE--
<?php
foreach (['swoole_string', 'swoole_mbstring', 'swoole_array', 'swoole_array_list', 'swoole_array_default_value', '_string', '_mbstring', '_array'] as $fn) {
    echo $fn, ': ', function_exists($fn) ? 'yes' : 'no', "\n";
}
var_dump(class_exists('Swoole\StringObject', false));
var_dump((string) swoole_string('ok')->upper(), class_exists('Swoole\StringObject', false));
var_dump(in_array('swoole_string', get_extension_funcs('swoole'), true));
?>
--EXPECT--
swoole_string: yes
swoole_mbstring: yes
swoole_array: yes
swoole_array_list: yes
swoole_array_default_value: yes
_string: no
_mbstring: no
_array: no
bool(false)
string(2) "OK"
bool(true)
bool(true)

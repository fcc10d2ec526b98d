--TEST--
Http\Response: unset() of its header, cookie or trailer array throws as in Swoole; other properties unset normally
--EXTENSIONS--
gust
--FILE--
<?php
$r = new Swoole\Http\Response();
foreach (['header', 'cookie', 'trailer'] as $name) {
    try {
        unset($r->$name);
        echo "unset $name\n";
    } catch (Error $e) {
        echo $e->getMessage(), "\n";
    }
}
unset($r->fd);
var_dump(isset($r->fd));
?>
--EXPECT--
Property header of class Swoole\Http\Response cannot be unset
Property cookie of class Swoole\Http\Response cannot be unset
Property trailer of class Swoole\Http\Response cannot be unset
bool(false)

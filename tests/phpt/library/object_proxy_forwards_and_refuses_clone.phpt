--TEST--
Swoole\ObjectProxy and Swoole\Database\ObjectProxy forward calls and properties; a database proxy cannot be cloned
--EXTENSIONS--
gust
--FILE--
<?php
$target = new class {
    public $x = 1;
    public function add(int $a, int $b): int { return $a + $b; }
    public function __invoke($v) { return "invoked $v"; }
};
$p = new Swoole\ObjectProxy($target);
var_dump($p->add(2, 3), $p->x, isset($p->x), isset($p->nope));
$p->x = 5;
var_dump($target->x);
unset($p->x);
var_dump(isset($target->x));
var_dump($p('v'));
var_dump($p->__getObject() === $target);
try {
    new Swoole\ObjectProxy(42);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
$d = new Swoole\Database\ObjectProxy(new stdClass());
var_dump($d instanceof Swoole\ObjectProxy);
try {
    clone $d;
} catch (Error $e) {
    echo $e->getMessage(), "\n";
}
// A user autoloader still sees the names the library does not own.
spl_autoload_register(function ($c) { echo "user autoloader: $c\n"; });
var_dump(class_exists('Swoole\Database\NoSuchThing'));
var_dump(class_exists('Swoole\Database\PDOConfig'));
?>
--EXPECT--
int(5)
int(1)
bool(true)
bool(false)
int(5)
bool(false)
string(9) "invoked v"
bool(true)
Non-object given
bool(true)
Trying to clone an uncloneable database proxy object
user autoloader: Swoole\Database\NoSuchThing
bool(false)
bool(true)

--TEST--
Swoole\MultibyteStringObject: swoole_mbstring()/_mbstring() count, search, cut and chunk in characters
--EXTENSIONS--
gust
mbstring
--FILE--
<?php
$s = swoole_mbstring('añb€c');
var_dump(get_class($s), get_class(_mbstring()), get_parent_class($s), $s->length(), strlen((string) $s));
var_dump($s->indexOf('b'), $s->pos('€'), $s->lastIndexOf('c'), $s->rpos('ñ'), $s->indexOf('z'), $s->indexOf('c', 4));
var_dump(swoole_mbstring('ÄbÄ')->ipos('ä'), swoole_mbstring('ÄbÄ')->lastIndexOf('Ä'));
var_dump((string) $s->substr(1, 3), (string) $s->substr(-2), get_class($s->substr(0)));
var_dump($s->startsWith('añ'), $s->endsWith('€c'), $s->endsWith('ñ'), $s->contains('b€'), $s->contains('x'));
var_dump($s->char(1), $s->char(-2), $s->char(5), $s->char(-6));
var_dump($s->chunk(2)->toArray(), $s->split('€')->toArray());
var_dump((string) $s->upper(), (string) $s->reverse()->reverse());
?>
--EXPECT--
string(28) "Swoole\MultibyteStringObject"
string(28) "Swoole\MultibyteStringObject"
string(19) "Swoole\StringObject"
int(5)
int(8)
int(2)
int(3)
int(4)
int(1)
bool(false)
int(4)
int(0)
int(2)
string(6) "ñb€"
string(4) "€c"
string(28) "Swoole\MultibyteStringObject"
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
string(2) "ñ"
string(3) "€"
string(0) ""
string(0) ""
array(3) {
  [0]=>
  string(3) "añ"
  [1]=>
  string(4) "b€"
  [2]=>
  string(1) "c"
}
array(2) {
  [0]=>
  string(4) "añb"
  [1]=>
  string(1) "c"
}
string(8) "AñB€C"
string(8) "añb€c"

--TEST--
Swoole\Redis\Server::format() builds Swoole's reply shapes for every type, and warns on a missing value, a non-array set/map and an unknown type
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Redis\Server;
var_dump([Server::ERROR, Server::NIL, Server::STATUS, Server::INT, Server::STRING, Server::SET, Server::MAP]);
var_dump(get_parent_class(Server::class));
$show = fn ($v) => var_export(is_string($v) ? addcslashes($v, "\r\n") : $v, true) . "\n";
echo $show(Server::format(Server::NIL));
echo $show(Server::format(Server::STATUS));
echo $show(Server::format(Server::STATUS, 'PONG'));
echo $show(Server::format(Server::STATUS, "two\r\nlines"));
echo $show(Server::format(Server::ERROR));
echo $show(Server::format(Server::ERROR, 'ERR bad'));
echo $show(Server::format(Server::INT, 42));
echo $show(Server::format(Server::INT, '-7'));
echo $show(Server::format(Server::STRING, "bin\0ary"));
echo $show(Server::format(Server::STRING, ''));
echo $show(Server::format(Server::STRING, 3.5));
echo $show(Server::format(Server::SET, ['a', 'bc', 7, null]));
echo $show(Server::format(Server::SET, []));
echo $show(Server::format(Server::MAP, ['k' => 'v', 5 => 'five', 'n' => 1]));
echo $show(Server::format(Server::MAP, ['list' => [1, 'x'], 'map' => ['a' => 'b']]));
echo $show(Server::format(Server::SET, [[], ['k' => null]]));
$deep = [];
$deep[0] = &$deep;
echo $show(Server::format(Server::SET, $deep));
unset($deep[0]);  // PHP leaves a cycle uncollected at exit
echo $show(Server::format(Server::INT));
echo $show(Server::format(Server::SET, 'nope'));
echo $show(Server::format(99, 'x'));
?>
--EXPECTF--
array(7) {
  [0]=>
  int(0)
  [1]=>
  int(1)
  [2]=>
  int(2)
  [3]=>
  int(3)
  [4]=>
  int(4)
  [5]=>
  int(5)
  [6]=>
  int(6)
}
string(13) "Swoole\Server"
'$-1\\r\\n'
'+OK\\r\\n'
'+PONG\\r\\n'
'+two  lines\\r\\n'
'-ERR\\r\\n'
'-ERR bad\\r\\n'
':42\\r\\n'
':-7\\r\\n'
'$7\\r\\nbin' . "\0" . 'ary\\r\\n'
'$0\\r\\n\\r\\n'
'$3\\r\\n3.5\\r\\n'
'*4\\r\\n$1\\r\\na\\r\\n$2\\r\\nbc\\r\\n$1\\r\\n7\\r\\n$-1\\r\\n'
'*0\\r\\n'
'*6\\r\\n$1\\r\\nk\\r\\n$1\\r\\nv\\r\\n$1\\r\\n5\\r\\n$4\\r\\nfive\\r\\n$1\\r\\nn\\r\\n$1\\r\\n1\\r\\n'
'*4\\r\\n$4\\r\\nlist\\r\\n*2\\r\\n$1\\r\\n1\\r\\n$1\\r\\nx\\r\\n$3\\r\\nmap\\r\\n*2\\r\\n$1\\r\\na\\r\\n$1\\r\\nb\\r\\n'
'*2\\r\\n*0\\r\\n*2\\r\\n$1\\r\\nk\\r\\n$-1\\r\\n'

Warning: Swoole\Redis\Server::format(): the value is nested more than 64 levels deep in %s on line %d
false

Warning: Swoole\Redis\Server::format(): require more parameters in %s on line %d
false

Warning: Swoole\Redis\Server::format(): the second parameter should be an array in %s on line %d
false

Warning: Swoole\Redis\Server::format(): Unknown type[99] in %s on line %d
false

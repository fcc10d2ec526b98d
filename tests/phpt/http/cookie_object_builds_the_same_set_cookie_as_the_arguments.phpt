--TEST--
Swoole\Http\Cookie: with*() chain on one object, toArray()/toString()/reset(), and Response::cookie() takes it as it takes the ten arguments; deletions keep path and domain; bad names, values and attributes are refused
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Http\Cookie;

$c = new Cookie();
$same = $c->withName('id')->withValue('a b;c')->withExpires(time() + 3600)->withPath('/app')
    ->withDomain('example.com')->withSecure(true)->withHttpOnly(true)->withSameSite('None')
    ->withPriority('High')->withPartitioned(true);
var_dump($same === $c);
echo $c->toString(), "\n";
$a = $c->toArray();
var_dump(array_keys($a), $a['value'], $a['encode'], $a['expires'] > time());
$c->reset();
var_dump($c->toArray() == ['name' => '', 'value' => '', 'path' => '', 'domain' => '', 'sameSite' => '',
    'priority' => '', 'encode' => true, 'expires' => 0, 'secure' => false, 'httpOnly' => false, 'partitioned' => false]);
var_dump($c->toString());                                   // no name
$raw = new Cookie(false);
var_dump($raw->withName('r')->withValue('a;b')->toString()); // a raw value may not hold ';'
echo $raw->withValue('ok')->withPath()->toString(), "\n";   // withPath() alone: "/"
var_dump($raw->withName("x\r\n")->toString());
echo $raw->withName('gone')->withValue('')->withDomain('example.com')->toString(), "\n";

class AppCookie extends Cookie {}
echo (new AppCookie)->withName('sub')->withValue('1')->toString(), "\n";

require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    $cookie = (new Cookie)->withName('k')->withValue('v v')->withPath('/')->withHttpOnly(true);
    var_dump($resp->setCookie($cookie));
    var_dump($resp->cookie('k', 'v v', 0, '/', '', false, true));   // the same line
    var_dump($resp->rawcookie((new Cookie(false))->withName('raw')->withValue('x%20y')));
    var_dump($resp->cookie('gone', null, 0, '/app'));                // null value: a deletion
    var_dump($resp->cookie((new Cookie)->withName('bad;name')->withValue('v')));
    try {
        $resp->cookie(new stdClass);
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
    $resp->end('ok');
}, function ($port) {
    $raw = http_raw($port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    preg_match_all('/^Set-Cookie: (.*)\r$/m', $raw, $m);
    print_r($m[1]);
});
?>
--EXPECTF--
bool(true)
id=a+b%3Bc; expires=%s, %d-%s-%d %d:%d:%d GMT; Max-Age=3600; path=/app; domain=example.com; secure; HttpOnly; SameSite=None; Priority=High; Partitioned
array(11) {
  [0]=>
  string(4) "name"
  [1]=>
  string(5) "value"
  [2]=>
  string(4) "path"
  [3]=>
  string(6) "domain"
  [4]=>
  string(8) "sameSite"
  [5]=>
  string(8) "priority"
  [6]=>
  string(6) "encode"
  [7]=>
  string(7) "expires"
  [8]=>
  string(6) "secure"
  [9]=>
  string(8) "httpOnly"
  [10]=>
  string(11) "partitioned"
}
string(5) "a b;c"
bool(true)
bool(true)
bool(true)

Warning: Swoole\Http\Cookie::toString(): Cookie name cannot be empty or contain "=,; \t\r\n\013\014" in %s on line %d
bool(false)

Warning: Swoole\Http\Cookie::toString(): Cookie value cannot contain ",; \t\r\n\013\014" in %s on line %d
bool(false)
r=ok; path=/

Warning: Swoole\Http\Cookie::toString(): Cookie name cannot be empty or contain "=,; \t\r\n\013\014" in %s on line %d
bool(false)
gone=deleted; expires=Thu, 01-Jan-1970 00:00:01 GMT; Max-Age=0; path=/; domain=example.com
sub=1
bool(true)
bool(true)
bool(true)
bool(true)

Warning: Swoole\Http\Response::cookie(): Cookie name cannot be empty or contain "=,; \t\r\n\013\014" in %s on line %d
bool(false)
Swoole\Http\Response::cookie(): Argument #1 ($name_or_object) must be of type Swoole\Http\Cookie|string, stdClass given
Array
(
    [0] => k=v+v; path=/; HttpOnly
    [1] => k=v+v; path=/; HttpOnly
    [2] => raw=x%20y
    [3] => gone=deleted; expires=Thu, 01-Jan-1970 00:00:01 GMT; Max-Age=0; path=/app
)

--TEST--
Swoole\Coroutine\Http\get(), post() and request() answer a ClientProxy; failures throw Swoole\Coroutine\Http\Client\Exception
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use function Swoole\Coroutine\Http\{get, post, request};
http_test(function ($req, $resp) {
    $resp->header('X-Method', $req->server['request_method']);
    $resp->cookie('c', '1');
    $resp->end(json_encode(['q' => $req->get, 'post' => $req->post, 'raw' => $req->getContent(), 'h' => $req->header['x-h'] ?? null, 'cookie' => $req->cookie]));
}, function ($port) {
    $r = get("http://127.0.0.1:$port/get?a=1", ['timeout' => 5], ['X-H' => 'hv'], ['ck' => 'cv']);
    echo get_class($r), ' ', $r->getStatusCode(), ' ', $r->getHeaders()['x-method'], ' ', $r->getBody(), ' ', json_encode($r->getCookies()), "\n";
    $r = post("http://127.0.0.1:$port/post", ['x' => 'y']);
    echo $r->getHeaders()['x-method'], ' ', $r->getBody(), "\n";
    $r = request("http://127.0.0.1:$port/put", 'PUT', 'raw data');
    echo $r->getHeaders()['x-method'], ' ', $r->getBody(), "\n";
    foreach (["http://127.0.0.1:" . closed_port() . "/", 'ftp://x/', 'nothing'] as $url) {
        try {
            get($url);
        } catch (Swoole\Coroutine\Http\Client\Exception $e) {
            echo get_class($e), ' (', $e->getCode(), '): ', $e->getMessage(), "\n";
        }
    }
});
?>
--EXPECT--
Swoole\Coroutine\Http\ClientProxy 200 GET {"q":{"a":"1"},"post":null,"raw":false,"h":"hv","cookie":{"ck":"cv"}} {"ck":"cv","c":"1"}
POST {"q":null,"post":{"x":"y"},"raw":"x=y","h":null,"cookie":null}
PUT {"q":null,"post":null,"raw":"raw data","h":null,"cookie":null}
Swoole\Coroutine\Http\Client\Exception (111): Connection refused
Swoole\Coroutine\Http\Client\Exception (0): unknown scheme "ftp"
Swoole\Coroutine\Http\Client\Exception (0): The URL given is illegal [no scheme]

--TEST--
Coroutine HTTP client: get(), post() with an array (urlencoded) and a string, execute() with setMethod/setData/setHeaders, HEAD; the response properties, getHeaderOut()
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
http_test(function ($req, $resp) {
    $resp->header('X-Method', $req->server['request_method']);
    $resp->header('X-Echo', $req->header['x-test'] ?? '-');
    $resp->end(json_encode(['uri' => $req->server['request_uri'], 'query' => $req->get, 'post' => $req->post,
                            'raw' => $req->getContent(), 'type' => $req->header['content-type'] ?? null]));
}, function ($port) {
    $c = new Client('127.0.0.1', $port);
    var_dump($c->get('/a?x=1&y=2'));
    echo $c->statusCode, ' ', $c->getStatusCode(), ' ', $c->headers['x-method'], ' ', $c->getBody(), "\n";
    var_dump($c->post('/form', ['name' => 'gust', 'list' => [1, 2]]));
    echo $c->body, "\n";
    var_dump($c->post('/raw', 'plain text'));
    echo $c->body, "\n";
    $c->setMethod('PUT');
    $c->setHeaders(['X-Test' => 'hello', 'Content-Type' => 'text/plain']);
    $c->setData('put body');
    var_dump($c->execute('/put'));
    echo $c->headers['x-method'], ' ', $c->headers['x-echo'], ' ', $c->body, "\n";
    // the method was for one request; the body and the headers stay (a body without a method is a POST)
    var_dump($c->execute('/again'));
    echo $c->headers['x-method'], ' ', $c->headers['x-echo'], ' ', $c->body, "\n";
    // get() sends no body, whatever setData() left
    var_dump($c->get('/plain'));
    echo $c->headers['x-method'], ' ', $c->body, "\n";
    $c->setMethod('HEAD');
    var_dump($c->execute('/head'));
    echo $c->statusCode, ' body=', json_encode($c->body), ' length=', $c->headers['content-length'] > 0 ? 'yes' : 'no', "\n";
    $out = $c->getHeaderOut();
    echo strtok($out, "\r\n"), ' host=', str_contains($out, "Host: 127.0.0.1:$port\r\n") ? 'yes' : 'no', "\n";
    echo 'connected=', var_export($c->connected, true), ' errCode=', $c->errCode, "\n";
    var_dump($c->close(), $c->connected);
    echo get_class(new Co\Http\Client('127.0.0.1')), "\n";  // the short name
});
?>
--EXPECT--
bool(true)
200 200 GET {"uri":"\/a","query":{"x":"1","y":"2"},"post":null,"raw":false,"type":null}
bool(true)
{"uri":"\/form","query":null,"post":{"name":"gust","list":["1","2"]},"raw":"name=gust&list%5B0%5D=1&list%5B1%5D=2","type":"application\/x-www-form-urlencoded"}
bool(true)
{"uri":"\/raw","query":null,"post":null,"raw":"plain text","type":null}
bool(true)
PUT hello {"uri":"\/put","query":null,"post":null,"raw":"put body","type":"text\/plain"}
bool(true)
POST hello {"uri":"\/again","query":null,"post":null,"raw":"put body","type":"text\/plain"}
bool(true)
GET {"uri":"\/plain","query":null,"post":null,"raw":false,"type":"text\/plain"}
bool(true)
200 body="" length=yes
HEAD /head HTTP/1.1 host=yes
connected=true errCode=0
bool(true)
bool(false)
Swoole\Coroutine\Http\Client

--TEST--
Swoole\FastCGI\HttpRequest/HttpResponse: defaults, with*() chain and getters, withUri splits path and query, headers as HTTP_* params, array body as a form, a response without a header block
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\FastCGI;
use Swoole\FastCGI\HttpRequest;
use Swoole\FastCGI\HttpResponse;

$r = new HttpRequest();
echo json_encode([$r->getMethod(), $r->getUri(), $r->getContentType(), $r->getContentLength(), $r->getGatewayInterface(),
    $r->getServerProtocol(), $r->isHttps(), $r->getKeepConn()]), "\n";
$same = $r->withMethod('POST')->withUri('/a/b.php?x=1&y=2')->withDocumentRoot('/srv')->withScriptFilename('/srv/a/b.php')
    ->withScriptName('/a/b.php')->withServerName('h')->withServerPort(8080)->withServerAddr('10.0.0.1')
    ->withRemoteAddr('10.0.0.2')->withRemotePort(5555)->withHttps(true)->withScheme('https')
    ->withHeaders(['X-Forwarded-For' => '1.2.3.4', 'accept' => '*/*'])->withBody(['k' => 'v w'])->withKeepConn(true);
var_dump($same === $r);
echo json_encode([$r->getMethod(), $r->getUri(), $r->getDocumentUri(), $r->getQueryString(), $r->getDocumentRoot(),
    $r->getScriptFilename(), $r->getScriptName(), $r->getServerName(), $r->getServerPort(), $r->getServerAddr(),
    $r->getRemoteAddr(), $r->getRemotePort(), $r->isHttps(), $r->getScheme(), $r->getBody(), $r->getContentType(),
    $r->getContentLength(), $r->getKeepConn()]), "\n";
echo json_encode([$r->getHeader('x-forwarded-for'), $r->getParam('HTTP_ACCEPT'), $r->getHeaders()]), "\n";
$r->withoutHeader('Accept');
$r->withQueryString(['q' => 'a b']);
echo json_encode([$r->getHeader('accept'), $r->getQueryString(), $r->withHttps(false)->isHttps()]), "\n";
echo strlen((string) $r) % 8, ' ', ord(((string) $r)[1]) === FastCGI::BEGIN_REQUEST ? 'begins' : 'bad', "\n";

$resp = new HttpResponse([[FastCGI::STDOUT, 'no headers here'], [FastCGI::END_REQUEST, pack('NCx3', 0, 0)]]);
echo json_encode([$resp->getStatusCode(), $resp->getReasonPhrase(), $resp->getBody(), $resp->getHeaders()]), "\n";
$resp = new HttpResponse([[FastCGI::STDOUT, "Status: 404\nContent-type: text/html\n\nnf"]]);
echo json_encode([$resp->getStatusCode(), $resp->getReasonPhrase(), $resp->getHeader('CONTENT-TYPE'), $resp->getBody()]), "\n";
?>
--EXPECT--
["GET","\/","text\/plain",0,"CGI\/1.1","HTTP\/1.1",false,false]
bool(true)
["POST","\/a\/b.php?x=1&y=2","\/a\/b.php","x=1&y=2","\/srv","\/srv\/a\/b.php","\/a\/b.php","h",8080,"10.0.0.1","10.0.0.2",5555,true,"https","k=v+w","application\/x-www-form-urlencoded",5,true]
["1.2.3.4","*\/*",{"X-Forwarded-For":"1.2.3.4","Accept":"*\/*"}]
[null,"q=a+b",false]
0 begins
[200,"OK","no headers here",[]]
[404,"Not Found","text\/html","nf"]

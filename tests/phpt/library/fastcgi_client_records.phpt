--TEST--
Coroutine\FastCGI\Client against a scripted peer: the records it sends (BEGIN_REQUEST, 1- and 4-byte param lengths, STDIN cut at 65535), answers split across reads with padding, a record for another id ignored, a bad version, a peer closing mid-answer
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\FastCGI\Client;
use Swoole\Coroutine\Socket;
use Swoole\FastCGI;
use Swoole\FastCGI\HttpRequest;
use Swoole\FastCGI\Request;

function rec(int $type, int $id, string $content, int $padding = 0, int $version = 1): string
{
    return pack('CCnnCx', $version, $type, $id, strlen($content), $padding) . $content . str_repeat("\0", $padding);
}

/** Reads one request's records from $conn; returns [type => [contents]]. */
function read_request(Socket $conn): array
{
    $buf = '';
    $seen = [];
    for ($i = 0; $i < 10000; $i++) {
        while (strlen($buf) >= 8) {
            $h = unpack('Cv/Ct/nid/nlen/Cpad', $buf);
            if (strlen($buf) < 8 + $h['len'] + $h['pad']) {
                break;
            }
            $seen[$h['t']][] = substr($buf, 8, $h['len']);
            $buf = substr($buf, 8 + $h['len'] + $h['pad']);
            if ($h['t'] === FastCGI::STDIN && $h['len'] === 0) {
                return $seen;
            }
        }
        $buf .= $conn->recv(65536, 5);
    }
    return $seen;
}

function params(string $data): array
{
    $out = [];
    for ($at = 0; $at < strlen($data);) {
        $len = [];
        for ($k = 0; $k < 2; $k++) {
            $b = ord($data[$at]);
            if ($b < 128) {
                $len[] = $b;
                $at++;
            } else {
                $len[] = unpack('N', $data, $at)[1] & 0x7fffffff;
                $at += 4;
            }
        }
        $out[substr($data, $at, $len[0])] = substr($data, $at + $len[0], $len[1]);
        $at += $len[0] + $len[1];
    }
    return $out;
}

Co\run(function () {
    $server = new Socket(AF_INET, SOCK_STREAM, 0);
    $server->bind('127.0.0.1', 0);
    $server->listen();
    $port = $server->getsockname()['port'];

    go(function () use ($server) {
        // 1: check the request, answer in pieces
        $conn = $server->accept(5);
        $r = read_request($conn);
        $begin = unpack('nrole/Cflags', $r[FastCGI::BEGIN_REQUEST][0]);
        $p = params(implode('', $r[FastCGI::PARAMS]));
        echo "begin role=", $begin['role'], " keep=", $begin['flags'], " params records=", count($r[FastCGI::PARAMS]),
            " last empty=", end($r[FastCGI::PARAMS]) === '' ? 'yes' : 'no', "\n";
        echo "long param ", strlen($p['LONG_' . str_repeat('N', 200)]), " short ", $p['SHORT'], " method ", $p['REQUEST_METHOD'],
            " len ", $p['CONTENT_LENGTH'], " header ", $p['HTTP_X_ONE'], "\n";
        echo "stdin records ", json_encode(array_map('strlen', $r[FastCGI::STDIN])), "\n";
        $answer = rec(FastCGI::STDOUT, 2, 'not mine') . rec(FastCGI::STDERR, 1, 'warn', 4)
            . rec(FastCGI::STDOUT, 1, "Status: 201 Created\r\nX-A: b\r\nSet-Cookie: k=v\r\n\r\nhel", 5)
            . rec(FastCGI::STDOUT, 1, 'lo') . rec(FastCGI::END_REQUEST, 2, pack('NCx3', 9, 0))
            . rec(FastCGI::END_REQUEST, 1, pack('NCx3', 7, 0));
        foreach (str_split($answer, 3) as $piece) {  // split inside headers, contents and padding
            $conn->sendAll($piece);
            Co::sleep(0.001);
        }
        $conn->close();
        // 2: a bad version
        $conn = $server->accept(5);
        read_request($conn);
        $conn->sendAll(rec(FastCGI::STDOUT, 1, 'x', 0, 2));
        $conn->recv(1, 5);
        $conn->close();
        // 3: closes after part of the answer
        $conn = $server->accept(5);
        read_request($conn);
        $conn->sendAll(rec(FastCGI::STDOUT, 1, "Status: 200\r\n\r\npart"));
        $conn->close();
        // 4: plain Request (not HTTP)
        $conn = $server->accept(5);
        read_request($conn);
        $conn->sendAll(rec(FastCGI::STDOUT, 1, 'raw') . rec(FastCGI::END_REQUEST, 1, pack('NCx3', 0, 0)));
        $conn->close();
    });

    $client = new Client('127.0.0.1', $port);
    $req = (new HttpRequest())->withMethod('PUT')->withParam('LONG_' . str_repeat('N', 200), str_repeat('v', 300))
        ->withParam('SHORT', 'ok')->withHeaders(['X-One' => '1'])->withBody(str_repeat('b', 70000));
    $res = $client->execute($req, 5);
    echo "response ", $res->getStatusCode(), ' ', $res->getReasonPhrase(), ' ', json_encode($res->getHeaders()), ' ',
        json_encode($res->getSetCookieHeaderLines()), ' body=', $res->getBody(), ' error=', $res->getError(),
        ' app=', $res->getAppStatus(), "\n";
    foreach (['version', 'closed'] as $case) {
        try {
            $client->execute(new HttpRequest(), 5);
            echo "$case: no exception\n";
        } catch (Client\Exception $e) {
            echo "$case: ", $e->getMessage(), ' ', $e->getCode() === SOCKET_ECONNRESET ? 'ECONNRESET' : $e->getCode(), "\n";
        }
    }
    $res = $client->execute((new Request())->withParam('A', 'b'), 5);
    echo get_class($res), ' ', $res->getBody(), "\n";
    $server->close();
});
?>
--EXPECT--
begin role=1 keep=0 params records=2 last empty=yes
long param 300 short ok method PUT len 70000 header 1
stdin records [65535,4465,0]
response 201 Created {"X-A":"b"} ["k=v"] body=hello error=warn app=7
version: Unsupported FastCGI version 2 71
closed: Connection closed by the FastCGI server before the end of the response ECONNRESET
Swoole\FastCGI\Response raw
